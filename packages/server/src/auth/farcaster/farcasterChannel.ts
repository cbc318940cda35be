import { createHash } from 'node:crypto'
import { SIWE_NONCE_TTL_SECONDS } from '@satchel/core'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'

/** A Sign In With Farcaster channel this server opened: for which app, and what the message must say. */
export type FarcasterChannel = {
  appId: string
  /** The nonce Satchel chose; the signed message must carry it. */
  nonce: string
  domain: string
  siweUri: string
  expiresAt: number
}

const channelSchema = z.object({
  appId: z.string(),
  nonce: z.string(),
  domain: z.string(),
  siweUri: z.string(),
  expiresAt: z.number(),
})

// The channel token is the relay's bearer credential for the channel: stored under its hash only.
const keyOf = (channelToken: string) =>
  `farcaster:channel:${createHash('sha256').update(channelToken).digest('base64url')}`

/**
 * Remembers a channel for {@link SIWE_NONCE_TTL_SECONDS} (10 minutes, like a SIWE nonce).
 *
 * @example
 * await saveFarcasterChannel(ctx, channelToken, { appId, nonce, domain, siweUri, expiresAt })
 */
export async function saveFarcasterChannel(
  ctx: ServerContext,
  channelToken: string,
  channel: FarcasterChannel,
): Promise<void> {
  await ctx.kv.setIfAbsent(keyOf(channelToken), JSON.stringify(channel), SIWE_NONCE_TTL_SECONDS)
}

/**
 * Reads a live channel without spending it (status polling).
 *
 * @example
 * const channel = await getFarcasterChannel(ctx, channelToken)
 */
export async function getFarcasterChannel(
  ctx: ServerContext,
  channelToken: string,
): Promise<FarcasterChannel | undefined> {
  return parse(ctx, await ctx.kv.get(keyOf(channelToken)))
}

/**
 * Spends a channel, atomically: of two sign-ins racing with the same channel, only one gets it.
 *
 * @example
 * const channel = await takeFarcasterChannel(ctx, channelToken)
 */
export async function takeFarcasterChannel(
  ctx: ServerContext,
  channelToken: string,
): Promise<FarcasterChannel | undefined> {
  return parse(ctx, await ctx.kv.take(keyOf(channelToken)))
}

function parse(ctx: ServerContext, stored: string | undefined): FarcasterChannel | undefined {
  if (stored === undefined) return undefined
  const parsed = channelSchema.safeParse(JSON.parse(stored))
  // The store's TTL runs on its own clock; the server clock decides expiry.
  if (!parsed.success || parsed.data.expiresAt <= ctx.now()) return undefined
  return parsed.data
}
