import { ApiError } from '@satchel/core'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'

/** Farcaster's public auth relay (Sign In With Farcaster channels). */
export const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz'
/** Farcaster's IdRegistry on Optimism: `custodyOf(fid)` is the address that may sign for an fid. */
export const FARCASTER_ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** Sign In With Farcaster messages name Optimism, where the registry lives. */
export const FARCASTER_CHAIN_ID = 10

const settingsSchema = z.object({
  relayUrl: z.url().default(FARCASTER_RELAY_URL),
  /** The RPC the ID registry is read through; the server's chain 10 RPC when not given. */
  rpcUrl: z.url().optional(),
  idRegistryAddress: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .transform((address) => getAddress(address))
    .default(FARCASTER_ID_REGISTRY_ADDRESS),
})

export type FarcasterSettings = { relayUrl: string; rpcUrl: string; idRegistryAddress: Address }

export type GetFarcasterSettingsErrorType = ApiError

/**
 * The app's Farcaster settings (`app.settings.farcaster`, every field optional): the relay, and the
 * RPC and address of the ID registry. Farcaster off, or settings that do not parse, is a method the
 * app does not offer (`disallowed_login_method`).
 *
 * @example
 * const { relayUrl, rpcUrl, idRegistryAddress } = getFarcasterSettings(ctx, app)
 */
export function getFarcasterSettings(ctx: ServerContext, app: App): FarcasterSettings {
  if (!app.loginMethods.includes('farcaster')) throw new ApiError('disallowed_login_method')
  const parsed = settingsSchema.safeParse(app.settings.farcaster ?? {})
  const rpcUrl = parsed.success ? (parsed.data.rpcUrl ?? ctx.rpcUrls.get(FARCASTER_CHAIN_ID)) : undefined
  if (!parsed.success || !rpcUrl)
    throw new ApiError('disallowed_login_method', { message: 'Farcaster is not configured for this app' })
  return { relayUrl: parsed.data.relayUrl, rpcUrl, idRegistryAddress: parsed.data.idRegistryAddress }
}
