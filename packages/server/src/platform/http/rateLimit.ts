import { ApiError } from '@satchel/core'
import type { Kv } from '../kv/createKv'

export type RateLimitRule = { limit: number; windowSeconds: number }

/** The limits the server applies, in one place. Scaled by RATE_LIMIT_SCALE (benchmarks raise it). */
export const rateLimits = {
  // Login codes: five to one address from one client address; an address as a whole takes codes from
  // a couple of places at most (the ceiling bounds mail-bombing and, at 5 tries a code, guessing), so
  // a stranger flooding one address from one IP never stops the owner asking from another.
  codeSendPerAddressAndIp: { limit: 5, windowSeconds: 900 },
  codeSendPerAddress: { limit: 10, windowSeconds: 900 },
  codeSendPerIp: { limit: 50, windowSeconds: 900 },
  // MFA codes by text: per session (a thief holding one session cannot use up the owner's other
  // devices), and per phone as a ceiling on what is texted to one number.
  mfaSmsSendPerSession: { limit: 5, windowSeconds: 900 },
  mfaSmsSendPerPhone: { limit: 15, windowSeconds: 900 },
  mfaSmsSendPerIp: { limit: 50, windowSeconds: 900 },
  // Recovery passcode work (scrypt, 32 MiB each): setting or changing a passcode per user, and any
  // passcode call per client address. A person sets a passcode a few times in their life.
  passcodeWorkPerUser: { limit: 10, windowSeconds: 900 },
  passcodeWorkPerIp: { limit: 60, windowSeconds: 900 },
  loginPerIp: { limit: 120, windowSeconds: 60 },
  analyticsPerIp: { limit: 120, windowSeconds: 60 },
  walletNoncePerIp: { limit: 60, windowSeconds: 60 },
  scanPerCaller: { limit: 60, windowSeconds: 60 },
  // Every signed request to one wallet (signatures, sends, signer and policy changes), whoever makes
  // it: 20 a second sustained holds a busy app server's delegated signer, and bounds what a stolen
  // session key can do in a minute and what flooding one wallet costs (a P-256 check each).
  walletRequestsPerWallet: { limit: 1200, windowSeconds: 60 },
  // Each passkey ceremony's options store a challenge for 5 minutes: bounded per client.
  passkeyChallengePerIp: { limit: 60, windowSeconds: 60 },
  // Each init asks a provider for a session (Coinbase) or signs a URL; each status poll may ask the
  // provider too. The SDK polls every 1.5 s (Coinbase), so 120 a minute leaves room for two tabs.
  fundingInitPerUser: { limit: 20, windowSeconds: 60 },
  fundingStatusPerUser: { limit: 120, windowSeconds: 60 },
  // Per provider and source IP. Providers send each purchase's events (created, pending, completed,
  // retries) from a few addresses, so a busy app sees bursts of hundreds a minute from one; 20 a
  // second holds that with room, and a provider retries a 429 with backoff, so a larger burst is
  // delayed, never lost. It bounds what a flood of forged requests costs (an HMAC each).
  fundingWebhookPerProviderIp: { limit: 1200, windowSeconds: 60 },
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

/**
 * {@link rateLimit} with the keys counted one after another, narrowest first: a request refused by one
 * key is not counted against the keys after it. So a stranger hammering from one IP uses up only their
 * own narrow allowance (the address from that IP), never the wider one (the address as a whole) that
 * the owner's request from elsewhere needs.
 *
 * @example
 * await rateLimitInOrder(kv, 1, [[`code:${app}:${email}:${ip}`, rateLimits.codeSendPerAddressAndIp], [`code:${app}:${email}`, rateLimits.codeSendPerAddress]])
 */
export async function rateLimitInOrder(
  kv: Kv,
  scale: number,
  checks: ReadonlyArray<readonly [string, RateLimitRule]>,
): Promise<void> {
  // One round trip for all of them (a script), not one per key.
  const within = await kv.incrementInOrder(
    checks.map(([key, rule]) => ({
      key: `rl:${key}`,
      ttlSeconds: rule.windowSeconds,
      limit: rule.limit * scale,
    })),
  )
  if (!within) throw new ApiError('too_many_requests')
}

/**
 * {@link rateLimit} of one key, with a single-use claim of `claim.key` made in the same round trip
 * when the count is within the limit: true when this call made the claim, false when it was already
 * taken.
 *
 * @example
 * if (!(await rateLimitAndClaim(kv, 1, [`wallet:${id}`, rateLimits.walletRequestsPerWallet], { key, ttlSeconds }))) {
 *   throw new ApiError('replayed_request')
 * }
 */
export async function rateLimitAndClaim(
  kv: Kv,
  scale: number,
  [key, rule]: readonly [string, RateLimitRule],
  claim: { key: string; ttlSeconds: number },
): Promise<boolean> {
  const limit = rule.limit * scale
  const { count, claimed } = await kv.incrementAndClaim(
    { key: `rl:${key}`, ttlSeconds: rule.windowSeconds, limit },
    claim,
  )
  if (count > limit) throw new ApiError('too_many_requests')
  return claimed
}
