import { ApiError } from '@satchel/core'
import type { ServerContext } from '../context'
import { decidePolicies } from './decidePolicies'
import { extractFacts } from './extractFacts'
import { readPolicies, readWalletPolicyIds } from './policyCache'
import type { PolicyChainType } from './policyFields'

export type EvaluatePoliciesParameters = {
  walletId: string
  chainType: PolicyChainType
  /** The wallet RPC method (`eth_sendTransaction`, `signMessage`, ...). */
  method: string
  /** The RPC body's `params`, as the route parsed it. */
  params: unknown
  caip2?: string | undefined
  /** A delegated signer's own policies: they must allow the request too. Absent for the user's own session. */
  signerPolicyIds?: readonly string[] | undefined
  /** The wallet's `policy_ids` when the caller has read the wallet row already (spares a query). */
  walletPolicyIds?: readonly string[] | undefined
}

/** Which rules let the request through; `checked: false` when no policy applies to it at all. */
export type EvaluatePoliciesReturnType = {
  checked: boolean
  wallet?: { policyId: string; rule: string }
  signer?: { policyId: string; rule: string }
}

/**
 * Refuses a wallet request that the wallet's policies, or the delegated signer's policies, do not
 * allow: a matching DENY rule wins, and a wallet (or signer) with policies denies what no rule allows.
 * Without any policy everything is allowed. Call it after the request is authorised and before the
 * vault signs; its answer names the rules that allowed the request, for the audit log.
 *
 * @throws {ApiError} `policy_violation`, whose message names the rule that denied (never a secret);
 *   `invalid_data` when a transaction cannot be read; `embedded_wallet_not_found` for an unknown wallet.
 * @example
 * await evaluatePolicies(ctx, { walletId, chainType: 'ethereum', method: 'eth_sendTransaction',
 *   params: body.params, caip2: body.caip2, signerPolicyIds: signer?.policyIds })
 */
export async function evaluatePolicies(
  ctx: ServerContext,
  parameters: EvaluatePoliciesParameters,
): Promise<EvaluatePoliciesReturnType> {
  const walletPolicyIds = parameters.walletPolicyIds ?? (await readWalletPolicyIds(ctx, parameters.walletId))
  if (!walletPolicyIds) throw new ApiError('embedded_wallet_not_found')
  const signerPolicyIds = parameters.signerPolicyIds ?? []
  if (walletPolicyIds.length === 0 && signerPolicyIds.length === 0) return { checked: false }

  const policies = new Map(
    (await readPolicies(ctx, [...new Set([...walletPolicyIds, ...signerPolicyIds])])).map((p) => [p.id, p]),
  )
  const resolve = (ids: readonly string[]) =>
    ids.map((id) => {
      const policy = policies.get(id)
      // Deleting a policy in use is refused, so this is a race or a manual edit: fail closed.
      if (!policy) throw new ApiError('policy_violation', { message: `Policy ${id} no longer exists` })
      return policy
    })
  const walletPolicies = resolve(walletPolicyIds)
  const signerPolicies = resolve(signerPolicyIds)

  const facts = extractFacts({
    chainType: parameters.chainType,
    method: parameters.method,
    params: parameters.params,
    caip2: parameters.caip2,
    nowSeconds: Math.floor(ctx.now() / 1000),
  })
  const forWallet = decidePolicies(walletPolicies, facts, parameters.chainType)
  if (!forWallet.allowed) throw new ApiError('policy_violation', { message: forWallet.reason })
  const forSigner = decidePolicies(signerPolicies, facts, parameters.chainType)
  if (!forSigner.allowed)
    throw new ApiError('policy_violation', { message: `Delegated signer: ${forSigner.reason}` })
  return {
    checked: true,
    ...(forWallet.by && { wallet: forWallet.by }),
    ...(forSigner.by && { signer: forSigner.by }),
  }
}
