import type { ServerContext } from '../../identity/context'
import { createSharedCache, type SharedCache } from '../../platform/kv/createSharedCache'
import type { Policy } from './policySchema'
import { listPoliciesByIds } from './policyStore'

/**
 * How long an instance may use a wallet's policies without hearing otherwise. Every change reaches
 * every instance through the shared store at once; this bounds the case where that message is lost.
 */
export const POLICY_CACHE_TTL_MS = 5_000
const POLICY_CACHE_MAX = 20_000

/** The per-instance caches of policies and of wallets' policy lists (`ctx.policyCaches`). */
export type PolicyCaches = { walletPolicyIds: SharedCache<readonly string[]>; policies: SharedCache<Policy> }

/**
 * The policy caches of one server, emptied on every instance through the shared store.
 *
 * @example
 * const policyCaches = createPolicyCaches({ kv, now, log })
 */
export function createPolicyCaches(ctx: Pick<ServerContext, 'kv' | 'now' | 'log'>): PolicyCaches {
  const common = {
    kv: ctx.kv,
    ttlMs: POLICY_CACHE_TTL_MS,
    maxEntries: POLICY_CACHE_MAX,
    now: ctx.now,
    onPublishError: (error: unknown) =>
      ctx.log.warn({ err: error }, 'policy change not broadcast: other instances apply it within 5 s'),
  }
  return {
    walletPolicyIds: createSharedCache({ ...common, channel: 'invalidate:wallet-policies' }),
    policies: createSharedCache({ ...common, channel: 'invalidate:policies' }),
  }
}

/**
 * A wallet's `policy_ids` (undefined for an unknown wallet), from a per-instance cache that every
 * instance empties as soon as the list changes anywhere ({@link forgetWalletPolicies}).
 *
 * @example
 * const ids = await readWalletPolicyIds(ctx, walletId)
 */
export async function readWalletPolicyIds(
  ctx: ServerContext,
  walletId: string,
): Promise<readonly string[] | undefined> {
  return ctx.policyCaches.walletPolicyIds.load(walletId, () => ctx.wallets.readPolicyIds(walletId))
}

/**
 * The policies with these ids (ids that name nothing are left out), from a per-instance cache that
 * every instance empties of a policy as soon as it is changed or deleted anywhere
 * ({@link forgetPolicies}). Policies not cached are read in one query.
 *
 * @example
 * const policies = await readPolicies(ctx, ['policy_a', 'policy_b'])
 */
export async function readPolicies(ctx: ServerContext, ids: readonly string[]): Promise<Policy[]> {
  const cache = ctx.policyCaches.policies
  let batch: Promise<Map<string, Policy>> | undefined
  // One query for every id the cache misses, shared by their loads.
  const readMissing = () => {
    batch ??= listPoliciesByIds(ctx.db, ids).then((rows) => new Map(rows.map((p) => [p.id, p])))
    return batch
  }
  const found = await Promise.all(ids.map((id) => cache.load(id, async () => (await readMissing()).get(id))))
  return found.filter((policy): policy is Policy => policy !== undefined)
}

/**
 * Tells every instance that a wallet's policy list changed: call it after the change is committed.
 *
 * @example
 * await forgetWalletPolicies(ctx, walletId)
 */
export async function forgetWalletPolicies(ctx: ServerContext, walletId: string): Promise<void> {
  await ctx.policyCaches.walletPolicyIds.invalidate([walletId])
}

/**
 * Tells every instance that a policy's rules changed or that it is gone: call it after the change
 * is committed.
 *
 * @example
 * await forgetPolicies(ctx, [policy.id])
 */
export async function forgetPolicies(ctx: ServerContext, ids: readonly string[]): Promise<void> {
  await ctx.policyCaches.policies.invalidate(ids)
}
