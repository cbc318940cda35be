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

type PolicyCaches = { walletPolicyIds: SharedCache<readonly string[]>; policies: SharedCache<Policy> }
const caches = new WeakMap<ServerContext, PolicyCaches>()

function policyCaches(ctx: ServerContext): PolicyCaches {
  let found = caches.get(ctx)
  if (!found) {
    const common = {
      kv: ctx.kv,
      ttlMs: POLICY_CACHE_TTL_MS,
      maxEntries: POLICY_CACHE_MAX,
      now: ctx.now,
      onPublishError: (error: unknown) =>
        ctx.log.warn({ err: error }, 'policy change not broadcast: other instances apply it within 5 s'),
    }
    found = {
      walletPolicyIds: createSharedCache({ ...common, channel: 'invalidate:wallet-policies' }),
      policies: createSharedCache({ ...common, channel: 'invalidate:policies' }),
    }
    caches.set(ctx, found)
  }
  return found
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
  return policyCaches(ctx).walletPolicyIds.load(walletId, async () => {
    const [row] = await ctx.db.query<{ policy_ids: string[] }>(
      'select policy_ids from wallets where id = $1',
      [walletId],
    )
    return row?.policy_ids
  })
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
  const cache = policyCaches(ctx).policies
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
  await policyCaches(ctx).walletPolicyIds.invalidate([walletId])
}

/**
 * Tells every instance that a policy's rules changed or that it is gone: call it after the change
 * is committed.
 *
 * @example
 * await forgetPolicies(ctx, [policy.id])
 */
export async function forgetPolicies(ctx: ServerContext, ids: readonly string[]): Promise<void> {
  await policyCaches(ctx).policies.invalidate(ids)
}
