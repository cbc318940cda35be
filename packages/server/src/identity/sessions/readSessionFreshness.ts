import type { ServerContext } from '../context'

/**
 * When this session last proved a login method: its sign-in, or its latest reauthentication
 * ({@link completeReauthentication}), in unix ms; 0 for a session that does not exist.
 *
 * @example
 * const provenAt = await readSessionFreshness(ctx, auth.sessionId)
 * if (ctx.now() - provenAt > REAUTHENTICATION_TTL_SECONDS * 1000) throw new ApiError('reauthentication_required')
 */
export async function readSessionFreshness(ctx: ServerContext, sessionId: string): Promise<number> {
  const [row] = await ctx.db.query<{ created_at: Date; reauthenticated_at: Date | null }>(
    'select created_at, reauthenticated_at from sessions where id = $1',
    [sessionId],
  )
  if (!row) return 0
  return Math.max(row.created_at.getTime(), row.reauthenticated_at?.getTime() ?? 0)
}
