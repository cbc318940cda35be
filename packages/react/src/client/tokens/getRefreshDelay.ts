/** Refresh at most this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000

/**
 * How long to wait before refreshing a token valid from `issuedAt` to `expiresAt` (ms since the epoch,
 * server time): a minute before expiry, or a fifth of the lifetime for short-lived tokens, and at once
 * if that moment has passed.
 *
 * @example
 * getRefreshDelay({ issuedAt: 0, expiresAt: 3_600_000, now: 0 }) // 3_540_000
 */
export function getRefreshDelay({
  issuedAt,
  expiresAt,
  now,
}: {
  issuedAt: number
  expiresAt: number
  now: number
}): number {
  const lifetime = Math.max(0, expiresAt - issuedAt)
  const margin = Math.min(REFRESH_MARGIN_MS, lifetime / 5)
  return Math.max(0, expiresAt - margin - now)
}
