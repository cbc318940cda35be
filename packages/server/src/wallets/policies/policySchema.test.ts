import { ApiError } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import type { PolicyCondition, PolicyRule } from './policySchema'
import { assertPolicyRules } from './policySchema'

const rule = (method: string, conditions: PolicyCondition[]): PolicyRule => ({
  name: 'r1',
  method,
  conditions,
  action: 'DENY',
})
const refusal = (chainType: 'ethereum' | 'solana', rules: PolicyRule[]) => {
  try {
    assertPolicyRules(chainType, rules)
    return 'accepted'
  } catch (error) {
    return error instanceof ApiError ? `${error.code}: ${error.shortMessage}` : String(error)
  }
}

describe('assertPolicyRules', () => {
  it('accepts every source on a method that carries it', () => {
    expect(
      refusal('ethereum', [
        rule('eth_sendTransaction', [
          { field_source: 'ethereum_transaction', field: 'value', operator: 'gt', value: '10' },
          {
            field_source: 'ethereum_calldata',
            field: 'transfer.to',
            operator: 'in',
            value: [`0x${'a'.repeat(40)}`],
          },
          { field_source: 'system', field: 'current_unix_timestamp', operator: 'lt', value: '1700000000' },
        ]),
        rule('eth_signTypedData_v4', [
          {
            field_source: 'ethereum_typed_data_domain',
            field: 'verifyingContract',
            operator: 'eq',
            value: `0x${'B'.repeat(40)}`,
          },
        ]),
        rule('*', []),
      ]),
    ).toBe('accepted')
  })

  it.each([
    [
      'a method of another chain type',
      'solana',
      rule('eth_sendTransaction', []),
      'Rule "r1": method must be * or one of signMessage, signTransaction, signAndSendTransaction',
    ],
    [
      'an EVM source on a Solana policy',
      'solana',
      rule('*', [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: `0x${'a'.repeat(40)}` },
      ]),
      'Rule "r1", condition ethereum_transaction.to: ethereum_transaction does not apply to solana wallets',
    ],
    [
      'a field the source does not have',
      'ethereum',
      rule('*', [{ field_source: 'ethereum_transaction', field: 'nonce', operator: 'eq', value: '1' }]),
      'Rule "r1": ethereum_transaction has no field nonce (fields: to, value, chain_id)',
    ],
    [
      'a source the method never carries',
      'ethereum',
      rule('personal_sign', [
        { field_source: 'ethereum_transaction', field: 'value', operator: 'gt', value: '1' },
      ]),
      'Rule "r1", condition ethereum_transaction.value: personal_sign requests carry no ethereum_transaction fields',
    ],
    [
      'an ordering operator on an address',
      'ethereum',
      rule('*', [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'gt', value: `0x${'a'.repeat(40)}` },
      ]),
      'Rule "r1", condition ethereum_transaction.to: gt only compares amounts, chain ids and timestamps',
    ],
    [
      'in with one value',
      'ethereum',
      rule('*', [{ field_source: 'ethereum_transaction', field: 'chain_id', operator: 'in', value: '1' }]),
      'Rule "r1", condition ethereum_transaction.chain_id: the in operator takes a list of values',
    ],
    [
      'eq with a list',
      'ethereum',
      rule('*', [{ field_source: 'ethereum_transaction', field: 'chain_id', operator: 'eq', value: ['1'] }]),
      'Rule "r1", condition ethereum_transaction.chain_id: the eq operator takes one value',
    ],
    [
      'an amount that is not a decimal integer',
      'ethereum',
      rule('*', [{ field_source: 'ethereum_transaction', field: 'value', operator: 'lt', value: '0x10' }]),
      'Rule "r1", condition ethereum_transaction.value: the value must be a non-negative decimal integer string (such as "1000000")',
    ],
    [
      'an address that is not one',
      'ethereum',
      rule('*', [
        { field_source: 'ethereum_calldata', field: 'transfer.to', operator: 'eq', value: 'bob.eth' },
      ]),
      'Rule "r1", condition ethereum_calldata.transfer.to: the value must be a 0x address of 40 hex digits',
    ],
  ] as const)('refuses %s', (_, chainType, bad, message) => {
    expect(refusal(chainType, [bad])).toBe(`invalid_data: ${message}`)
  })
})
