import { describe, expect, it } from 'vitest'
import { decidePolicies } from './decidePolicies'
import type { RequestFacts } from './extractFacts'
import type { Policy, PolicyRule } from './policySchema'

const facts: RequestFacts = { method: 'eth_sendTransaction', values: { 'ethereum_transaction.value': 5n } }
const allowAll: PolicyRule = { name: 'anything', method: '*', conditions: [], action: 'ALLOW' }
const denyBig: PolicyRule = {
  name: 'no big sends',
  method: 'eth_sendTransaction',
  conditions: [{ field_source: 'ethereum_transaction', field: 'value', operator: 'gt', value: '4' }],
  action: 'DENY',
}
const policy = (name: string, rules: PolicyRule[], chainType: Policy['chainType'] = 'ethereum') => ({
  id: `policy_${name}`,
  name,
  chainType,
  rules,
})

describe('decidePolicies', () => {
  it('allows everything without policies', () => {
    expect(decidePolicies([], facts, 'ethereum')).toEqual({ allowed: true })
  })

  it('allows what a rule allows and names the rule', () => {
    expect(decidePolicies([policy('open', [allowAll])], facts, 'ethereum')).toEqual({
      allowed: true,
      by: { policyId: 'policy_open', rule: 'anything' },
    })
  })

  it('DENY wins over an ALLOW, in the same policy or another, whatever the order', () => {
    const denied = { allowed: false, reason: 'Denied by rule "no big sends" of policy "caps"' }
    expect(decidePolicies([policy('caps', [allowAll, denyBig])], facts, 'ethereum')).toEqual(denied)
    expect(
      decidePolicies([policy('open', [allowAll]), policy('caps', [denyBig])], facts, 'ethereum'),
    ).toEqual(denied)
  })

  it('denies what no rule allows', () => {
    expect(decidePolicies([policy('caps', [denyBig])], { ...facts, values: {} }, 'ethereum')).toEqual({
      allowed: false,
      reason: 'No rule of policy "caps" allows eth_sendTransaction with these parameters',
    })
  })

  it('ignores the rules of a policy for another chain type, so it only denies', () => {
    expect(decidePolicies([policy('sol', [allowAll], 'solana')], facts, 'ethereum').allowed).toBe(false)
  })

  it('a permit is allowed only if the approval it grants is allowed too, as a transaction', () => {
    const cap: PolicyRule = {
      name: 'cap',
      method: 'eth_sendTransaction',
      conditions: [
        { field_source: 'ethereum_calldata', field: 'transfer.amount', operator: 'gt', value: '100' },
      ],
      action: 'DENY',
    }
    const permit = (amount: bigint): RequestFacts => ({
      method: 'eth_signTypedData_v4',
      values: {},
      approvals: [
        {
          method: 'eth_signTransaction',
          judgedAs: ['eth_sendTransaction'],
          label: 'the approval',
          values: { 'ethereum_calldata.transfer.amount': amount },
        },
      ],
    })
    const limits = [policy('limits', [cap, allowAll])]
    expect(decidePolicies(limits, permit(100n), 'ethereum').allowed).toBe(true)
    expect(decidePolicies(limits, permit(101n), 'ethereum')).toEqual({
      allowed: false,
      reason: 'Denied by rule "cap" of policy "limits"',
    })
    const typedDataOnly: PolicyRule = {
      name: 'typed',
      method: 'eth_signTypedData_v4',
      conditions: [],
      action: 'ALLOW',
    }
    expect(decidePolicies([policy('typed', [typedDataOnly])], permit(1n), 'ethereum')).toEqual({
      allowed: false,
      reason: 'No rule of policy "typed" allows the approval with these parameters',
    })
  })
})
