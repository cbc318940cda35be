import { createHash } from 'node:crypto'
import { ApiError } from '@satchel/core'
import { createRemoteJWKSet, importSPKI, type JWTVerifyGetKey, jwtVerify } from 'jose'
import type { App } from '../../identity/apps/types'
import type { Kv } from '../../platform/kv/createKv'

const remoteSets = new Map<string, JWTVerifyGetKey>()
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']

/**
 * The longest a custom JWT may live (`exp` minus `iat`, and `exp` minus now). Identity providers issue
 * ID tokens for an hour (Firebase, Cognito) up to ten (Auth0's default); a token meant to live for
 * weeks is a long-lived password, and one without `exp` is refused outright.
 */
export const CUSTOM_JWT_MAX_LIFETIME_SECONDS = 24 * 60 * 60

export type VerifyCustomJwtParameters = { app: App; token: string; nowSeconds: number; kv: Kv }

/**
 * Verifies a token from the app's own identity provider against its configured JWKS URL (fetched and
 * cached by jose, refetched on an unknown kid) or public key, and answers its subject. Symmetric
 * algorithms are refused: the server must never hold a secret that can mint the app's users.
 *
 * The app must name its issuer and audience, and both are always checked: a token the same provider
 * issued for another of its clients (another audience) must not sign in here. `exp` is required and
 * the lifetime bounded ({@link CUSTOM_JWT_MAX_LIFETIME_SECONDS}).
 *
 * Single use: a token that carries a `jti` (the claim RFC 7519 gives for replay protection) signs in
 * once; a copy presented again before it expires is refused. A token without one may sign in again
 * until its `exp`, because apps pass the provider's current ID token, which its SDK caches and hands
 * out again (Firebase `getIdToken`, Auth0 `getTokenSilently`), and a second sign-in with it yields
 * the user the token already names.
 *
 * @example
 * const subject = await verifyCustomJwt({ app, token, nowSeconds: Math.floor(Date.now() / 1000), kv })
 */
export async function verifyCustomJwt({
  app,
  token,
  nowSeconds,
  kv,
}: VerifyCustomJwtParameters): Promise<string> {
  const settings = app.settings.customJwt
  if (!settings || (!settings.jwksUrl && !settings.publicKeyPem))
    throw new ApiError('disallowed_login_method', { message: 'Custom JWT is not configured for this app' })
  if (!settings.issuer || !settings.audience)
    throw new ApiError('disallowed_login_method', {
      message: 'Custom JWT is not configured for this app: it needs an issuer and an audience',
    })
  let claims: { subject: string; jti: string | undefined; exp: number }
  try {
    const key: JWTVerifyGetKey | CryptoKey = settings.jwksUrl
      ? remoteSet(settings.jwksUrl)
      : await importKey(settings.publicKeyPem ?? '')
    const options = {
      algorithms: ALGORITHMS,
      currentDate: new Date(nowSeconds * 1000),
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['exp'],
    }
    const { payload } =
      typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options)
    const exp = payload.exp ?? 0
    const issuedAt = payload.iat ?? nowSeconds
    if (
      exp - nowSeconds > CUSTOM_JWT_MAX_LIFETIME_SECONDS ||
      exp - issuedAt > CUSTOM_JWT_MAX_LIFETIME_SECONDS
    )
      throw new Error('lifetime too long')
    const subject = payload[settings.subjectClaim ?? 'sub']
    if (typeof subject !== 'string' || subject.length === 0 || subject.length > 256)
      throw new Error('no subject')
    claims = { subject, jti: typeof payload.jti === 'string' ? payload.jti : undefined, exp }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError('invalid_credentials', { message: 'The custom auth token is not valid' })
  }
  if (claims.jti !== undefined) {
    // Kept until the token expires: after that, jose refuses it anyway.
    const mark = createHash('sha256').update(`${settings.issuer}\n${claims.jti}`).digest('base64url')
    const first = await kv.setIfAbsent(`custom-jwt:${app.id}:${mark}`, '1', claims.exp - nowSeconds + 1)
    if (!first)
      throw new ApiError('invalid_credentials', { message: 'This custom auth token was already used' })
  }
  return claims.subject
}

function remoteSet(url: string): JWTVerifyGetKey {
  let set = remoteSets.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    remoteSets.set(url, set)
  }
  return set
}

async function importKey(pem: string): Promise<CryptoKey> {
  for (const alg of ['RS256', 'ES256', 'EdDSA']) {
    try {
      return await importSPKI(pem, alg)
    } catch {}
  }
  throw new Error('unusable public key')
}
