import { describe, expect, it } from 'vitest'
import type { RequestFacts } from './extractFacts'
import { matchCondition, matchRule } from './matchRule'
import type { PolicyCondition, PolicyRule } from './policySchema'

const RECIPIENT = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const facts: RequestFacts = {
  method: 'eth_sendTransaction',
  values: {
    'ethereum_transaction.to': RECIPIENT.toLowerCase(),
    'ethereum_transaction.value': 1_000n,
    'ethereum_transaction.chain_id': 8453n,
    'ethereum_typed_data_domain.name': 'USD Coin',
  },
}

const value = (operator: PolicyCondition['operator'], v: PolicyCondition['value']): PolicyCondition => ({
  field_source: 'ethereum_transaction',
  field: 'value',
  operator,
  value: v,
})

describe('matchCondition', () => {
  it.each([
    ['eq', '1000', true],
    ['eq', '999', false],
    ['gt', '999', true],
    ['gt', '1000', false],
    ['gte', '1000', true],
    ['gte', '1001', false],
    ['lt', '1001', true],
    ['lt', '1000', false],
    ['lte', '1000', true],
    ['lte', '999', false],
  ] as const)('compares amounts as integers: value %s %s is %s', (operator, v, expected) => {
    expect(matchCondition(value(operator, v), facts)).toBe(expected)
  })

  it('compares beyond the float range without rounding (uint256 amounts)', () => {
    const big: RequestFacts = { method: 'x', values: { 'ethereum_transaction.value': 2n ** 255n + 1n } }
    expect(matchCondition(value('gt', (2n ** 255n).toString()), big)).toBe(true)
    expect(matchCondition(value('eq', (2n ** 255n).toString()), big)).toBe(false)
  })

  it('in matches any listed value', () => {
    expect(matchCondition(value('in', ['5', '1000']), facts)).toBe(true)
    expect(matchCondition(value('in', ['5', '6']), facts)).toBe(false)
  })

  it('compares addresses case-insensitively', () => {
    const to = (operator: 'eq' | 'in', v: string | string[]): PolicyCondition => ({
      field_source: 'ethereum_transaction',
      field: 'to',
      operator,
      value: v,
    })
    expect(matchCondition(to('eq', RECIPIENT), facts)).toBe(true)
    expect(matchCondition(to('eq', RECIPIENT.toUpperCase().replace('0X', '0x')), facts)).toBe(true)
    expect(matchCondition(to('in', ['0x0000000000000000000000000000000000000001', RECIPIENT]), facts)).toBe(
      true,
    )
    expect(matchCondition(to('eq', '0x0000000000000000000000000000000000000001'), facts)).toBe(false)
  })

  it('compares names exactly', () => {
    const name = (v: string): PolicyCondition => ({
      field_source: 'ethereum_typed_data_domain',
      field: 'name',
      operator: 'eq',
      value: v,
    })
    expect(matchCondition(name('USD Coin'), facts)).toBe(true)
    expect(matchCondition(name('usd coin'), facts)).toBe(false)
  })

  it('a field the request does not carry never matches', () => {
    const transfer: PolicyCondition = {
      field_source: 'ethereum_calldata',
      field: 'transfer.amount',
      operator: 'gte',
      value: '0',
    }
    expect(matchCondition(transfer, facts)).toBe(false)
  })

  it('fails closed on a condition that was never validated', () => {
    expect(() => matchCondition({ ...value('eq', '1'), field: 'nonce' }, facts)).toThrow(/unknown field/)
    expect(() => matchCondition(value('gt', '1e18'), facts)).toThrow(/decimal integer/)
    expect(() => matchCondition(value('eq', ['1', '2']), facts)).toThrow(/exactly one value/)
  })
})

describe('matchRule', () => {
  const rule = (method: string, conditions: PolicyCondition[]): PolicyRule => ({
    name: 'r',
    method,
    conditions,
    action: 'ALLOW',
  })

  it('a * ALLOW never covers a raw hash; a rule naming secp256k1_sign does, and a * DENY still denies', () => {
    const raw = { method: 'secp256k1_sign', values: {} }
    expect(matchRule({ name: 'all', method: '*', conditions: [], action: 'ALLOW' }, raw)).toBe(false)
    expect(matchRule({ name: 'raw', method: 'secp256k1_sign', conditions: [], action: 'ALLOW' }, raw)).toBe(
      true,
    )
    expect(matchRule({ name: 'none', method: '*', conditions: [], action: 'DENY' }, raw)).toBe(true)
  })

  it('applies the rules of the methods the facts are also judged as (a permit as its approval)', () => {
    const approval = { method: 'eth_signTransaction', judgedAs: ['eth_sendTransaction'], values: {} }
    expect(
      matchRule({ name: 's', method: 'eth_sendTransaction', conditions: [], action: 'DENY' }, approval),
    ).toBe(true)
    expect(
      matchRule({ name: 't', method: 'eth_signTypedData_v4', conditions: [], action: 'ALLOW' }, approval),
    ).toBe(false)
  })

  it('matches its method or any method with *', () => {
    expect(matchRule(rule('eth_sendTransaction', []), facts)).toBe(true)
    expect(matchRule(rule('*', []), facts)).toBe(true)
    expect(matchRule(rule('personal_sign', []), facts)).toBe(false)
  })

  it('needs every condition to hold', () => {
    const chain: PolicyCondition = {
      field_source: 'ethereum_transaction',
      field: 'chain_id',
      operator: 'eq',
      value: '8453',
    }
    expect(matchRule(rule('*', [chain, value('lte', '1000')]), facts)).toBe(true)
    expect(matchRule(rule('*', [chain, value('lt', '1000')]), facts)).toBe(false)
  })
})
