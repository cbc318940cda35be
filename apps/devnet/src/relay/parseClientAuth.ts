import { createPublicKey, verify } from 'node:crypto'
import { decodeDidKey } from './decodeDidKey'
import { isRecord } from './isRecord'

export type ClientAuth = {
  /** The client's did:key: the same every time the same client connects. */
  identity: string
}

export type ParseClientAuthErrorType = InvalidClientAuthError

export class InvalidClientAuthError extends Error {
  override name = 'InvalidClientAuthError'
}

const maxJwtLength = 4096

function decodeJsonPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

function verifiesEd25519(publicKey: Uint8Array, signedText: string, signaturePart: string): boolean {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    })
    return verify(null, Buffer.from(signedText, 'utf8'), key, Buffer.from(signaturePart, 'base64url'))
  } catch {
    // A key that is not a curve point or a signature of the wrong length: not a valid token either way.
    return false
  }
}

/**
 * Reads the `auth` query parameter a WalletConnect client puts on its relay URL: an EdDSA JWT whose `iss`
 * is the did:key of the client's Ed25519 key, signed with that key. The signature is checked, so a client
 * cannot claim another client's identity (and with it another client's undelivered messages).
 * Expiry and audience are not checked: this relay runs on loopback, and tests shift clocks on either side.
 *
 * @throws {InvalidClientAuthError} when the token is malformed, not EdDSA, or its signature does not verify.
 * @example
 * const { identity } = parseClientAuth(new URL(request.url, 'ws://x').searchParams.get('auth') ?? '')
 */
export function parseClientAuth(jwt: string): ClientAuth {
  // The token itself never goes into an error message: it is the client's credential.
  if (jwt.length === 0 || jwt.length > maxJwtLength)
    throw new InvalidClientAuthError('Missing or oversized auth')
  const [headerPart, payloadPart, signaturePart, ...rest] = jwt.split('.')
  if (
    headerPart === undefined ||
    payloadPart === undefined ||
    signaturePart === undefined ||
    rest.length > 0
  ) {
    throw new InvalidClientAuthError('Auth is not a JWT')
  }
  const header = decodeJsonPart(headerPart)
  const payload = decodeJsonPart(payloadPart)
  if (!isRecord(header) || header.alg !== 'EdDSA')
    throw new InvalidClientAuthError('Auth must be an EdDSA JWT')
  if (!isRecord(payload) || typeof payload.iss !== 'string')
    throw new InvalidClientAuthError('Auth has no issuer')
  const publicKey = decodeDidKey(payload.iss)
  if (!publicKey) throw new InvalidClientAuthError('Auth issuer is not an Ed25519 did:key')
  if (!verifiesEd25519(publicKey, `${headerPart}.${payloadPart}`, signaturePart)) {
    throw new InvalidClientAuthError('Auth signature does not verify')
  }
  return { identity: payload.iss }
}
