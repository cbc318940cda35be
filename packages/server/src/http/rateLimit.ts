import { ApiError } from '@satchel/core'
import type { Kv } from '../kv/createKv'

export type RateLimitRule = { limit: number; windowSeconds: number }

/** The limits the server applies, in one place. Scaled by RATE_LIMIT_SCALE (benchmarks raise it). */
export const rateLimits = {
  codeSendPerAddress: { limit: 5, windowSeconds: 900 },
  codeSendPerIp: { limit: 50, windowSeconds: 900 },
  loginPerIp: { limit: 120, windowSeconds: 60 },
  analyticsPerIp: { limit: 120, windowSeconds: 60 },
  walletNoncePerIp: { limit: 60, windowSeconds: 60 },
  scanPerCaller: { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>

/**
 * Counts one hit for each key and refuses with `too_many_requests` once any key is over its limit.
 * Keys are shared through Redis when configured, so several API instances enforce one limit.
 *
 * @example
 * await rateLimit(kv, 1, [[`otp:addr:${email}`, rateLimits.codeSendPerAddress]])
 */
export async function rateLimit(
  kv: Kv,
  scale: number,
  checks: ReadonlyArray<readonly [string, RateLimitRule]>,
): Promise<void> {
  const counts = await Promise.all(checks.map(([key, rule]) => kv.increment(`rl:${key}`, rule.windowSeconds)))
  if (counts.some((count, i) => count > (checks[i]?.[1].limit ?? 0) * scale))
    throw new ApiError('too_many_requests')
}
