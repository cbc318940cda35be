import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../identity/apps/types'

export type RelyingParty = {
  /** The page's origin, exactly as the browser writes it into clientDataJSON. */
  origin: string
  /** WebAuthn's relying party id: the origin's hostname. */
  rpId: string
}

/**
 * The relying party of a passkey ceremony: the request's `Origin`, which must be one of the app's
 * allowed origins, and its hostname as the rpID. A ceremony is something only a browser performs,
 * so a request without an Origin is refused (`invalid_origin`) rather than checked against a
 * default: the browser writes the real origin into clientDataJSON and hashes the rpID into the
 * authenticator data, and both are then checked against what this returns.
 *
 * @example
 * const { origin, rpId } = getRelyingParty(request, app) // { origin: 'https://app.example', rpId: 'app.example' }
 */
export function getRelyingParty(request: FastifyRequest, app: App): RelyingParty {
  const origin = request.headers.origin
  if (typeof origin !== 'string' || !app.allowedOrigins.includes(origin)) throw new ApiError('invalid_origin')
  let rpId: string
  try {
    rpId = new URL(origin).hostname
  } catch {
    throw new ApiError('invalid_origin')
  }
  if (!rpId) throw new ApiError('invalid_origin')
  return { origin, rpId }
}

/** Passkeys must be on for the app (`'passkey'` in its login methods): `passkey_not_allowed` otherwise. */
export function assertPasskeysAllowed(app: App): void {
  if (!app.loginMethods.includes('passkey')) throw new ApiError('passkey_not_allowed')
}
