import { randomBytes } from 'node:crypto'
import { ApiError, SIWE_NONCE_TTL_SECONDS } from '@satchel/core'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'

/** Which sign-in message the nonce is for; a SIWE nonce is no use in a SIWS message and back. */
export type WalletNonceScheme = 'siwe' | 'siws'

export type WalletNonce = { nonce: string; expiresAt: Date }

type Stored = { address: string; expiresAt: number }

const key = (scheme: WalletNonceScheme, appId: string, nonce: string) => `${scheme}:nonce:${appId}:${nonce}`

/**
 * Issues a single-use nonce for a wallet sign-in, bound to the app and the address that asked for
 * it, valid {@link SIWE_NONCE_TTL_SECONDS} (10 minutes). 128 random bits as 32 hex characters: both
 * EIP-4361 and SIWS ask for at least 8 alphanumerics.
 *
 * @example
 * const { nonce, expiresAt } = await issueWalletNonce(ctx, app.id, 'siwe', address.toLowerCase())
 */
export async function issueWalletNonce(
  ctx: ServerContext,
  appId: string,
  scheme: WalletNonceScheme,
  address: string,
): Promise<WalletNonce> {
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = ctx.now() + SIWE_NONCE_TTL_SECONDS * 1000
  const stored: Stored = { address, expiresAt }
  // The expiry is also kept in the value and checked against ctx.now(): the store's TTL only
  // reclaims the space (and runs on the store's own clock).
  await ctx.kv.setIfAbsent(key(scheme, appId, nonce), JSON.stringify(stored), SIWE_NONCE_TTL_SECONDS)
  return { nonce, expiresAt: new Date(expiresAt) }
}

/**
 * Spends a nonce: removed from the store in one atomic step (Redis GETDEL), so of two requests
 * racing with the same message only one can get past this line, on any instance. Refused with
 * `nonce_expired_or_used` when it is unknown, spent, older than 10 minutes, or was issued for
 * another address.
 *
 * @example
 * await consumeWalletNonce(ctx, app.id, 'siwe', message.nonce, message.address.toLowerCase())
 */
export async function consumeWalletNonce(
  ctx: ServerContext,
  appId: string,
  scheme: WalletNonceScheme,
  nonce: string,
  address: string,
): Promise<void> {
  const value = await ctx.kv.take(key(scheme, appId, nonce))
  const stored = value === undefined ? undefined : parseStored(value)
  if (!stored || stored.address !== address || stored.expiresAt <= ctx.now())
    throw new ApiError('nonce_expired_or_used')
}

const storedSchema = z.object({ address: z.string(), expiresAt: z.number() })

function parseStored(value: string): Stored | undefined {
  const parsed = storedSchema.safeParse(JSON.parse(value))
  return parsed.success ? parsed.data : undefined
}
