import type { ServerContext } from '../identity/context'
import type { KeyShares } from '../vault/types'
import { getAuthShare } from './recovery/getAuthShare'
import type { KeyRootRecord } from './walletsRepository'

/**
 * The shares the vault needs for one call: the vault share stays sealed (only the vault opens it);
 * the auth share is opened for this call only, from the root (sealed under the API's key) or, when
 * the user locked the root behind a recovery secret, from this session's unlock. The caller zeroes
 * `authShare` afterwards.
 *
 * @throws {ApiError} `recovery_required` when the root is locked and this session has not unlocked it
 * (always, for a caller without a session such as a delegated signer).
 * @example
 * const shares = await loadKeyShares(ctx, wallet.root, auth.sessionId)
 * try { await ctx.vault.sign({ ...shares, chainType, index, request }) } finally { shares.authShare.fill(0) }
 */
export async function loadKeyShares(
  ctx: ServerContext,
  root: KeyRootRecord,
  sessionId: string | null,
): Promise<KeyShares> {
  const authShare = await getAuthShare(ctx, {
    rootId: root.id,
    sessionId,
    sealedAuthShare: root.sealedAuthShare,
  })
  return { rootId: root.id, sealedVaultShare: root.sealedVaultShare, authShare }
}
