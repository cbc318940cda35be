import { ApiError } from '@satchel/core'
import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT } from 'jose'
import type { PublicJwk, SigningKeys } from './createSigningKeys'

// Imported verification keys by kid (kids are random and never reused).
const importedKeys = new Map<string, Promise<CryptoKey | Uint8Array>>()
function importPublicKey(jwk: PublicJwk) {
  let key = importedKeys.get(jwk.kid)
  if (!key) {
    key = importJWK(jwk, 'ES256')
    importedKeys.set(jwk.kid, key)
  }
  return key
}

export type AccessClaims = { sid: string; sub: string; aud: string; iss: string; iat: number; exp: number }

type MintParameters = {
  keys: SigningKeys
  appId: string
  issuer: string
  subject: string
  ttlSeconds: number
  nowSeconds: number
  claims?: Record<string, unknown>
}

/** An ES256 JWT signed with the app's active key (access and identity tokens alike). */
export async function mintToken({
  keys,
  appId,
  issuer,
  subject,
  ttlSeconds,
  nowSeconds,
  claims = {},
}: MintParameters) {
  const key = await keys.getActiveKey(appId)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(issuer)
    .setAudience(appId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(key.privateKey)
}

/**
 * Verifies a token for one app: ES256 only (so `alg: none` and HS256 forgeries made with the public key
 * fail), a key from that app's own JWKS (so another app's token fails even before the audience check),
 * audience = the app, our issuer, not expired.
 */
export async function verifyToken(
  token: string,
  {
    keys,
    appId,
    issuer,
    nowSeconds,
  }: { keys: SigningKeys; appId: string; issuer: string; nowSeconds: number },
): Promise<Record<string, unknown> & { sub: string }> {
  let kid: string | undefined
  try {
    kid = decodeProtectedHeader(token).kid
  } catch {
    throw new ApiError('missing_or_invalid_token')
  }
  let jwk = (await keys.getPublicKeys(appId)).find((k) => k.kid === kid)
  // A key made moments ago on another instance: look once more past the cache.
  if (!jwk && kid) jwk = (await keys.getPublicKeys(appId, { fresh: true })).find((k) => k.kid === kid)
  if (!jwk) throw new ApiError('missing_or_invalid_token')
  try {
    const { payload } = await jwtVerify(token, await importPublicKey(jwk), {
      algorithms: ['ES256'],
      audience: appId,
      issuer,
      currentDate: new Date(nowSeconds * 1000),
    })
    if (typeof payload.sub !== 'string') throw new Error('no subject')
    return { ...payload, sub: payload.sub }
  } catch {
    throw new ApiError('missing_or_invalid_token')
  }
}
