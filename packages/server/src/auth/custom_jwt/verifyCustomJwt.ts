import { ApiError } from '@satchel/core'
import { createRemoteJWKSet, importSPKI, type JWTVerifyGetKey, jwtVerify } from 'jose'
import type { App } from '../../apps/types'

const remoteSets = new Map<string, JWTVerifyGetKey>()
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA']

/**
 * Verifies a token from the app's own identity provider against its configured JWKS URL (fetched and
 * cached by jose, refetched on an unknown kid) or public key. Symmetric algorithms are refused: the
 * server must never hold a secret that can mint the app's users.
 */
export async function verifyCustomJwt(app: App, token: string, nowSeconds: number): Promise<string> {
  const settings = app.settings.customJwt
  if (!settings || (!settings.jwksUrl && !settings.publicKeyPem))
    throw new ApiError('disallowed_login_method', { message: 'Custom JWT is not configured for this app' })
  try {
    const key: JWTVerifyGetKey | CryptoKey = settings.jwksUrl
      ? remoteSet(settings.jwksUrl)
      : await importKey(settings.publicKeyPem ?? '')
    const options = {
      algorithms: ALGORITHMS,
      currentDate: new Date(nowSeconds * 1000),
      ...(settings.issuer ? { issuer: settings.issuer } : {}),
      ...(settings.audience ? { audience: settings.audience } : {}),
    }
    const { payload } =
      typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options)
    const subject = payload[settings.subjectClaim ?? 'sub']
    if (typeof subject !== 'string' || subject.length === 0 || subject.length > 256)
      throw new Error('no subject')
    return subject
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError('invalid_credentials', { message: 'The custom auth token is not valid' })
  }
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
