import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type Policy, type PolicyRule, toPolicy } from './toPolicy'
import { toPolicyRuleJson } from './toPolicyRuleJson'

export type CreatePolicyParameters = {
  name: string
  chainType: 'ethereum' | 'solana'
  rules: readonly PolicyRule[]
}

/**
 * Makes one of the app's policies, to attach to wallets ({@link setWalletPolicies}) or to name when a
 * user delegates to the app's signer. A rule that could never match is refused with `invalid_data`.
 *
 * @example
 * const policy = await createPolicy(context, {
 *   name: 'Small sends on Base',
 *   chainType: 'ethereum',
 *   rules: [{ name: 'at most 0.01 ETH', method: 'eth_sendTransaction', action: 'ALLOW', conditions: [
 *     { fieldSource: 'ethereum_transaction', field: 'value', operator: 'lte', value: '10000000000000000' },
 *   ] }],
 * })
 */
export async function createPolicy(
  context: SatchelNodeContext,
  { name, chainType, rules }: CreatePolicyParameters,
): Promise<Policy> {
  const body = { name, chain_type: chainType, rules: rules.map(toPolicyRuleJson) }
  return requestJson(context, { method: 'POST', path: '/api/v1/policies', body }, toPolicy)
}
