import { ApiError } from '@satchel/core'
import { z } from 'zod'

// The relay is asked little and must answer quickly: the client is polling.
const RELAY_TIMEOUT_MS = 10_000

const createdSchema = z.object({
  channelToken: z.string().min(1).max(512),
  url: z.string().min(1),
  nonce: z.string(),
})

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && value.length > 0 ? value : undefined))
const statusSchema = z.looseObject({
  state: z.enum(['pending', 'completed']),
  nonce: text,
  message: text,
  signature: text,
  fid: z.number().int().positive().optional().catch(undefined),
  username: text,
  displayName: text,
  bio: text,
  pfpUrl: text,
})

export type FarcasterChannelStatus = z.output<typeof statusSchema>

export type CreateFarcasterChannelParameters = { siweUri: string; domain: string; nonce: string }

export type FarcasterRelayErrorType = ApiError

/**
 * Opens a Sign In With Farcaster channel at the auth relay (`POST /v1/channel`): the relay answers
 * the channel's token and the URL the user opens in their Farcaster app.
 *
 * @example
 * const { channelToken, url } = await createFarcasterChannel('https://relay.farcaster.xyz', { siweUri, domain, nonce })
 */
export async function createFarcasterChannel(
  relayUrl: string,
  parameters: CreateFarcasterChannelParameters,
): Promise<z.output<typeof createdSchema>> {
  const response = await callRelay(`${relayUrl}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(parameters),
  })
  const created = createdSchema.safeParse(await readJson(response))
  if (!response.ok || !created.success) throw unavailable()
  return created.data
}

/**
 * A channel's state at the relay (`GET /v1/channel/status`, the channel token as bearer): pending,
 * or completed with the signed message, the fid and the profile the Farcaster app shared. Undefined
 * when the relay does not know the channel (expired there).
 *
 * @example
 * const status = await getFarcasterChannelStatus(relayUrl, channelToken)
 */
export async function getFarcasterChannelStatus(
  relayUrl: string,
  channelToken: string,
): Promise<FarcasterChannelStatus | undefined> {
  const response = await callRelay(`${relayUrl}/v1/channel/status`, {
    headers: { authorization: `Bearer ${channelToken}` },
  })
  if (response.status === 401 || response.status === 404) {
    await response.body?.cancel()
    return undefined
  }
  const status = statusSchema.safeParse(await readJson(response))
  if (!response.ok || !status.success) throw unavailable()
  return status.data
}

async function callRelay(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(RELAY_TIMEOUT_MS) })
  } catch (cause) {
    throw new ApiError('service_unavailable', { message: 'The Farcaster relay could not be reached', cause })
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

function unavailable() {
  return new ApiError('service_unavailable', { message: 'The Farcaster relay could not be reached' })
}
