import { ApiError } from '@satchel/core'
import type { ServerContext } from '../../identity/context'
import type { WalletSignerRecord } from '../walletSigners'
import { decidePolicies } from './decidePolicies'
import { extractFacts } from './extractFacts'
import { readPolicies, readWalletPolicyIds } from './policyCache'
import { explicitOnlyMethods, type PolicyChainType } from './policyFields'

export type EvaluatePoliciesParameters = {
  walletId: string
  chainType: PolicyChainType
  /** The wallet RPC method (`eth_sendTransaction`, `signMessage`, ...). */
  method: string
  /** The RPC body's `params`, as the route parsed it. */
  params: unknown
  caip2?: string | undefined
  /**
   * The delegated signer making the request; absent for the user's own session. Its own policies, and
   * the wallet's policies it was consented under, must allow the request too.
   */
  signer?: Pick<WalletSignerRecord, 'policyIds' | 'walletPolicyIds'> | undefined
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
 * Refuses a wallet request that the wallet's policies, or for a delegated signer its own policies and
 * the wallet policies it was consented under, do not allow: a matching DENY rule wins, and a set of
 * policies denies what no rule of it allows. Without any policy everything is allowed, except that a
 * delegated signer never signs a raw hash (`secp256k1_sign`: it could be any transaction, or an
 * EIP-7702 authorization) unless a rule names that method. Call it after the request is authorised
 * and before the vault signs; its answer names the rules that allowed the request, for the audit log.
 *
 * @throws {ApiError} `policy_violation`, whose message names the rule that denied (never a secret);
 *   `invalid_data` when a transaction cannot be read; `embedded_wallet_not_found` for an unknown wallet.
 * @example
 * await evaluatePolicies(ctx, { walletId, chainType: 'ethereum', method: 'eth_sendTransaction',
 *   params: body.params, caip2: body.caip2, signer })
 */
export async function evaluatePolicies(
  ctx: ServerContext,
  parameters: EvaluatePoliciesParameters,
): Promise<EvaluatePoliciesReturnType> {
  const walletPolicyIds = parameters.walletPolicyIds ?? (await readWalletPolicyIds(ctx, parameters.walletId))
  if (!walletPolicyIds) throw new ApiError('embedded_wallet_not_found')
  const { signer } = parameters
  const signerPolicyIds = signer?.policyIds ?? []
  // Judged apart only when the wallet's list changed since the consent (else it is the same set).
  const consentedIds =
    signer && !sameIds(signer.walletPolicyIds, walletPolicyIds) ? signer.walletPolicyIds : []
  if (walletPolicyIds.length === 0 && signerPolicyIds.length === 0 && consentedIds.length === 0) {
    if (signer && explicitOnlyMethods.includes(parameters.method)) {
      throw new ApiError('policy_violation', {
        message: `Delegated signer: ${parameters.method} is allowed only by a policy rule that names it`,
      })
    }
    return { checked: false }
  }

  const policies = new Map(
    (await readPolicies(ctx, [...new Set([...walletPolicyIds, ...signerPolicyIds, ...consentedIds])])).map(
      (p) => [p.id, p],
    ),
  )
  const resolve = (ids: readonly string[]) =>
    ids.map((id) => {
      const policy = policies.get(id)
      // Deleting a policy in use is refused, so this is a race or a manual edit: fail closed.
      if (!policy) throw new ApiError('policy_violation', { message: `Policy ${id} no longer exists` })
      return policy
    })

  const facts = extractFacts({
    chainType: parameters.chainType,
    method: parameters.method,
    params: parameters.params,
    caip2: parameters.caip2,
    nowSeconds: Math.floor(ctx.now() / 1000),
  })
  const forWallet = decidePolicies(resolve(walletPolicyIds), facts, parameters.chainType)
  if (!forWallet.allowed) throw new ApiError('policy_violation', { message: forWallet.reason })
  // The app's backend may change the wallet's list; what the user consented the signer under stays.
  const forConsent = decidePolicies(resolve(consentedIds), facts, parameters.chainType)
  if (!forConsent.allowed)
    throw new ApiError('policy_violation', {
      message: `Delegated signer, under the wallet policies it was consented under: ${forConsent.reason}`,
    })
  const forSigner = decidePolicies(resolve(signerPolicyIds), facts, parameters.chainType)
  if (!forSigner.allowed)
    throw new ApiError('policy_violation', { message: `Delegated signer: ${forSigner.reason}` })
  return {
    checked: true,
    ...(forWallet.by && { wallet: forWallet.by }),
    ...(forSigner.by && { signer: forSigner.by }),
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id))
}
