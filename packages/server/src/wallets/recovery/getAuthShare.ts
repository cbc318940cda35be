import { ApiError } from '@satchel/core'
import type { ServerContext } from '../../identity/context'
import { open } from '../../platform/crypto/seal'
import { readSessionUnlock } from './sessionUnlock'

export type GetAuthShareParameters = {
  rootId: string
  /** The session the request is made in; null for a caller without one (an app server's delegated signer). */
  sessionId: string | null
  /**
   * `key_roots.sealed_auth_share` when the caller has read the root already (spares a query). Null or
   * empty means the root is locked behind a recovery passcode.
   */
  sealedAuthShare?: Uint8Array | null | undefined
}

/**
 * The plain auth share of a key root, for one vault call (zero it afterwards). A root without a
 * recovery lock has its share sealed under the API's key on the root itself. A root the user locked
 * with a recovery passcode (or a key in their Google Drive) has no such copy: only a session that
 * has been unlocked with that secret holds one (sealed under the API's key, bound to the session,
 * kept for the session's lifetime), so a new session, or any server-side party alone, cannot use the
 * wallet until the user enters the passcode.
 *
 * @throws {ApiError} `recovery_required` when the root is locked and this session has not unlocked it.
 * @example
 * const authShare = await getAuthShare(ctx, { rootId: wallet.root.id, sessionId, sealedAuthShare: wallet.root.sealedAuthShare })
 * try { await ctx.vault.sign({ rootId, sealedVaultShare, authShare, ... }) } finally { authShare.fill(0) }
 */
export async function getAuthShare(
  ctx: ServerContext,
  { rootId, sessionId, sealedAuthShare }: GetAuthShareParameters,
): Promise<Uint8Array> {
  let sealed = sealedAuthShare
  if (sealed === undefined) {
    const [row] = await ctx.db.query<{ sealed_auth_share: Uint8Array | null }>(
      'select sealed_auth_share from key_roots where id = $1',
      [rootId],
    )
    if (!row) throw new ApiError('embedded_wallet_not_found')
    sealed = row.sealed_auth_share
  }
  if (sealed && sealed.length > 0) return new Uint8Array(open(ctx.encryptionKey, sealed, rootId))
  const unlocked = sessionId ? await readSessionUnlock(ctx, { sessionId, rootId }) : undefined
  if (!unlocked) throw new ApiError('recovery_required')
  return unlocked
}
