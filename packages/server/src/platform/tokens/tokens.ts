import { createHash, sign } from 'node:crypto'
import { ApiError } from '@satchel/core'
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose'
import type { PublicJwk, SigningKeys } from './createSigningKeys'
import { toLowSToken } from './toLowSToken'

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

/**
 * An ES256 JWT signed with the app's active key (access and identity tokens alike), in low-S form.
 * Signed with `node:crypto` on the spot: a WebCrypto signature (jose's `SignJWT`) is a job handed to
 * libuv's pool and back, which cost more than the signature itself on every login and refresh.
 */
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
  const header = toBase64url({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
  const payload = toBase64url({
    ...claims,
    sub: subject,
    iss: issuer,
    aud: appId,
    iat: nowSeconds,
    exp: nowSeconds + ttlSeconds,
  })
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  })
  return toLowSToken(`${header}.${payload}.${signature.toString('base64url')}`)
}

function toBase64url(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/**
 * Verifies a token for one app: ES256 only (so `alg: none` and HS256 forgeries made with the public key
 * fail), a key from that app's own JWKS (so another app's token fails even before the audience check),
 * audience = the app, our issuer, not expired, and a low-S signature (see {@link toLowSToken}): a
 * malleated copy of a valid token is a different string with the same claims, and is refused.
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
  if (toLowSToken(token) !== token) throw new ApiError('missing_or_invalid_token')
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

type VerifyParameters = Parameters<typeof verifyToken>[1]
type VerifiedClaims = Awaited<ReturnType<typeof verifyToken>>

// Verified tokens per set of keys (one per server), keyed by a hash of app, issuer and token so the
// cache never holds a bearer token itself.
const verifiedTokens = new WeakMap<object, Map<string, { claims: VerifiedClaims; exp: number }>>()
const VERIFIED_TOKENS_MAX = 20_000

/**
 * {@link verifyToken} for a token presented again and again (an access token on every request): a
 * token that verified once is answered from a per-process cache until its `exp`, sparing the ES256
 * verification. Only the signature check is cached: whether its session is still live is the
 * caller's to check on every request. A token that fails is never cached.
 *
 * @example
 * const claims = await verifyTokenCached(token, { keys, appId, issuer, nowSeconds })
 */
export async function verifyTokenCached(
  token: string,
  parameters: VerifyParameters,
): Promise<VerifiedClaims> {
  let cache = verifiedTokens.get(parameters.keys)
  if (!cache) {
    cache = new Map()
    verifiedTokens.set(parameters.keys, cache)
  }
  const key = createHash('sha256')
    .update(`${parameters.appId}\n${parameters.issuer}\n`)
    .update(token)
    .digest('base64url')
  const hit = cache.get(key)
  // jose refuses a token at or after its exp second: so does the cache.
  if (hit && parameters.nowSeconds < hit.exp) return hit.claims
  if (hit) cache.delete(key)
  const claims = await verifyToken(token, parameters)
  if (typeof claims.exp === 'number') {
    if (cache.size >= VERIFIED_TOKENS_MAX) {
      for (const [name, entry] of cache) if (entry.exp <= parameters.nowSeconds) cache.delete(name)
      const oldest = cache.size >= VERIFIED_TOKENS_MAX ? cache.keys().next().value : undefined
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(key, { claims, exp: claims.exp })
  }
  return claims
}
