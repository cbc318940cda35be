import { ApiError } from '@satchel/core'
import type { Kv } from '../kv/createKv'
import { type RateLimitRule, rateLimitInOrder } from './rateLimit'

/** How many guesses at one user's secret each party gets in a window. */
export type GuessLimits = {
  /** Tries from one session (a thief holding one of the owner's sessions is held here). */
  perSession: RateLimitRule
  /** Tries at this user from one client address, whatever the session. */
  perUserAndIp: RateLimitRule
  /**
   * WRONG answers at this user from anywhere: the ceiling on walking through the secret with many
   * sessions from many addresses. Above what one session or one address can reach, so reaching it
   * takes an attacker who has passed the first factor several times from several places.
   */
  perUser: RateLimitRule
}

export type Guess = {
  /** The answer was right: this session's and address's counts start again (the ceiling does not). */
  succeeded(): Promise<void>
  /** The answer was wrong: it counts against the user's ceiling too. */
  failed(): Promise<void>
}

export type StartGuessParameters = {
  /** What is guessed: `totp`, `passcode`. */
  secret: string
  userId: string
  sessionId: string
  ip: string
  limits: GuessLimits
  /** RATE_LIMIT_SCALE. */
  scale: number
}

/**
 * Counts one guess at a user's secret (a TOTP code, a recovery passcode) so that a stranger can never
 * turn the limit against the owner. A per-user counter alone would let anyone with a stolen session
 * (or one of its access tokens) lock the owner's second factor and passcode on every device with five
 * wrong answers; so guesses count per session and per (user, address), and only the thief's own
 * session or address is held when they run out. Wrong answers also count against a per-user ceiling
 * that bounds the whole guessing effort; one session or one address cannot reach it. Every try counts
 * against its session and address before the answer is checked (shared through Redis, so parallel
 * guesses on several instances count too; a try refused by the session's count spends nothing of the
 * address's); the ceiling counts wrong answers once known, so guesses racing past it are still bounded
 * by their sessions' and addresses' counts.
 *
 * @throws {ApiError} `too_many_requests` when this session, this address or the user is out of tries.
 * @example
 * const guess = await startGuess(ctx.kv, { secret: 'totp', userId, sessionId, ip, limits, scale })
 * if (!isRight) { await guess.failed(); throw wrongCode() }
 * await guess.succeeded()
 */
export async function startGuess(
  kv: Kv,
  { secret, userId, sessionId, ip, limits, scale }: StartGuessParameters,
): Promise<Guess> {
  const ceilingKey = `rl:guess:${secret}:user:${userId}`
  const wrong = Number((await kv.get(ceilingKey)) ?? 0)
  if (wrong >= limits.perUser.limit * scale) throw new ApiError('too_many_requests')
  const sessionKey = `guess:${secret}:session:${sessionId}`
  const addressKey = `guess:${secret}:user:${userId}:ip:${ip}`
  await rateLimitInOrder(kv, scale, [
    [sessionKey, limits.perSession],
    [addressKey, limits.perUserAndIp],
  ])
  return {
    async succeeded() {
      await Promise.all([kv.delete(`rl:${sessionKey}`), kv.delete(`rl:${addressKey}`)])
    },
    async failed() {
      await kv.increment(ceilingKey, limits.perUser.windowSeconds)
    },
  }
}
