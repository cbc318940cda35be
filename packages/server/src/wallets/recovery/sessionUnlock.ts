import type { ServerContext } from '../../identity/context'
import { open, seal } from '../../platform/crypto/seal'

type SessionRoot = { sessionId: string; rootId: string }

const key = ({ sessionId, rootId }: SessionRoot) => `recovery-unlock:${sessionId}:${rootId}`

/**
 * Keeps a session's unlocked copy of an auth share, sealed under the API's key with the session and
 * root as associated data (a copy moved to another session's key fails to open), until the session
 * expires. Shared through Redis, so every instance serves the unlocked session.
 *
 * @example
 * await rememberSessionUnlock(ctx, { sessionId, rootId }, authShare)
 */
export async function rememberSessionUnlock(
  ctx: ServerContext,
  at: SessionRoot,
  authShare: Uint8Array,
): Promise<void> {
  const [session] = await ctx.db.query<{ expires_at: Date }>(
    'select expires_at from sessions where id = $1',
    [at.sessionId],
  )
  const ttlSeconds = Math.max(1, Math.ceil(((session?.expires_at.getTime() ?? ctx.now()) - ctx.now()) / 1000))
  const sealed = Buffer.from(seal(ctx.encryptionKey, authShare, key(at))).toString('base64')
  await ctx.kv.delete(key(at))
  await ctx.kv.setIfAbsent(key(at), sealed, ttlSeconds)
}

/** The session's unlocked auth share, or undefined when this session has not unlocked the root. */
export async function readSessionUnlock(
  ctx: ServerContext,
  at: SessionRoot,
): Promise<Uint8Array | undefined> {
  const stored = await ctx.kv.get(key(at))
  if (!stored) return undefined
  try {
    return new Uint8Array(open(ctx.encryptionKey, Buffer.from(stored, 'base64'), key(at)))
  } catch {
    // Sealed under an encryption key this server no longer holds (a finished key rotation): the
    // session locks again and asks for its secret, rather than failing every signature.
    await forgetSessionUnlock(ctx, at)
    return undefined
  }
}

/** Forgets a session's unlocked copy (the session locks again). */
export async function forgetSessionUnlock(ctx: ServerContext, at: SessionRoot): Promise<void> {
  await ctx.kv.delete(key(at))
}
