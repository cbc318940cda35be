import { randomBytes } from 'node:crypto'
import { ApiError } from '@satchel/core'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'

/** How long a passkey ceremony may take, from its options to the authenticator's answer. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60

/** What a challenge was issued for: it is good for that ceremony only. */
export type PasskeyCeremony = 'register' | 'link' | 'authenticate' | 'mfa' | 'reauthenticate'

const recordSchema = z.object({
  ceremony: z.enum(['register', 'link', 'authenticate', 'mfa', 'reauthenticate']),
  appId: z.string(),
  rpId: z.string(),
  expiresAt: z.number(),
  /** Link, MFA and reauthentication ceremonies belong to one signed-in user and session. */
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  mode: z.enum(['login-or-sign-up', 'no-signup']).optional(),
})

export type PasskeyChallengeRecord = z.output<typeof recordSchema>

const challengeSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/)
const clientDataSchema = z.object({ challenge: challengeSchema })

const key = (challenge: string) => `passkey-challenge:${challenge}`

function expiredOrUsed(): ApiError {
  return new ApiError('nonce_expired_or_used', {
    message: 'The passkey challenge has expired or was already used; start again',
  })
}

/**
 * Issues a single-use challenge (32 random bytes, base64url) for one ceremony, kept in the shared
 * store for {@link PASSKEY_CHALLENGE_TTL_SECONDS} under the challenge itself, with what it was
 * issued for (ceremony, app, rpID, and the user and session of a link or MFA ceremony).
 *
 * @example
 * const { challenge } = await issuePasskeyChallenge(ctx, { ceremony: 'authenticate', appId: app.id, rpId: 'app.example' })
 */
export async function issuePasskeyChallenge(
  ctx: ServerContext,
  record: Omit<PasskeyChallengeRecord, 'expiresAt'>,
): Promise<{ challenge: string; expiresAt: number }> {
  const challenge = randomBytes(32).toString('base64url')
  const expiresAt = ctx.now() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000
  await ctx.kv.setIfAbsent(
    key(challenge),
    JSON.stringify({ ...record, expiresAt }),
    PASSKEY_CHALLENGE_TTL_SECONDS,
  )
  return { challenge, expiresAt }
}

/**
 * Takes (removes, atomically) the challenge the authenticator signed, read from its clientDataJSON,
 * and checks it was issued for this ceremony, app, rpID, user and session and has not expired.
 * Anything else is `nonce_expired_or_used`.
 *
 * The challenge is TAKEN before the response is verified, not after: two concurrent submissions of
 * one response (a replay racing the real one) cannot both find it, and a response that fails
 * verification has burnt its challenge, so nothing can be retried against it. The library then
 * checks that the signed clientDataJSON carries exactly this challenge.
 *
 * @example
 * const { challenge, record } = await takePasskeyChallenge(ctx, response.response.clientDataJSON, { ceremony: 'authenticate', app, rp })
 */
export async function takePasskeyChallenge(
  ctx: ServerContext,
  clientDataJSON: string,
  expected: {
    ceremony: PasskeyCeremony
    app: { id: string }
    rp: { rpId: string }
    /** A link, MFA or reauthentication ceremony's signed-in user and session. */
    userId?: string | undefined
    sessionId?: string | undefined
  },
): Promise<{ challenge: string; record: PasskeyChallengeRecord }> {
  const clientData = clientDataSchema.safeParse(
    parseJson(Buffer.from(clientDataJSON, 'base64url').toString('utf8')),
  )
  if (!clientData.success)
    throw new ApiError('invalid_data', { message: 'The authenticator response carries no valid challenge' })
  const { challenge } = clientData.data
  const stored = await ctx.kv.take(key(challenge))
  if (stored === undefined) throw expiredOrUsed()
  const parsed = recordSchema.safeParse(parseJson(stored))
  if (!parsed.success) throw expiredOrUsed()
  const record = parsed.data
  if (
    record.ceremony !== expected.ceremony ||
    record.appId !== expected.app.id ||
    record.rpId !== expected.rp.rpId ||
    record.userId !== expected.userId ||
    record.sessionId !== expected.sessionId ||
    record.expiresAt <= ctx.now()
  )
    throw expiredOrUsed()
  return { challenge, record }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
