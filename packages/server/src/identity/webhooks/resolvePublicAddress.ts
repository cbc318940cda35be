import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { ApiError } from '@satchel/core'
import { isPublicAddress } from './isPublicAddress'

export type ResolvedAddress = { address: string; family: 4 | 6 }

/**
 * The address a webhook to `hostname` is sent to. With `allowPrivate` false (production) every
 * address the name resolves to must be public, or the URL is refused: a name that resolves to one
 * public and one private address could otherwise be steered to the private one. The request is then
 * made to this very address (see sendWebhook), so a second resolution cannot swap in another one.
 *
 * @throws {ApiError} `invalid_webhook_url` when the name does not resolve or reaches a private address.
 * @example
 * const { address } = await resolvePublicAddress('hooks.example.com', false)
 */
export async function resolvePublicAddress(
  hostname: string,
  allowPrivate: boolean,
): Promise<ResolvedAddress> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  let addresses: ResolvedAddress[]
  const literal = isIP(bare)
  if (literal !== 0) addresses = [{ address: bare, family: literal === 4 ? 4 : 6 }]
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => ({
        address: entry.address,
        family: entry.family === 6 ? 6 : 4,
      }))
    } catch {
      throw new ApiError('invalid_webhook_url', { message: `The webhook host ${bare} does not resolve` })
    }
  }
  const [first] = addresses
  if (!first)
    throw new ApiError('invalid_webhook_url', { message: `The webhook host ${bare} does not resolve` })
  if (!allowPrivate && !addresses.every((entry) => isPublicAddress(entry.address)))
    throw new ApiError('invalid_webhook_url', {
      message: `The webhook host ${bare} resolves to a private or loopback address`,
    })
  return first
}
