import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import type { CdpKey } from '../../platform/config/parseCdpKey'

/** A CDP JWT is good for two minutes, as Coinbase's own SDKs make them. */
export const CDP_JWT_TTL_SECONDS = 120

export type CreateCdpJwtParameters = {
  key: CdpKey
  method: 'GET' | 'POST'
  /** The full request URL; only its host and path are signed (no scheme, no query). */
  url: string
  nowSeconds: number
}

/**
 * The bearer token for one CDP API request: header `{alg, kid, typ: 'JWT', nonce}` and claims
 * `{sub, iss: 'cdp', iat, nbf, exp: +120 s, uris: ['<METHOD> <host><path>']}`. The `uris` claim binds
 * the token to this one request, and the random nonce makes every token unique.
 *
 * @example
 * const jwt = await createCdpJwt({ key, method: 'POST', url: 'https://api.developer.coinbase.com/onramp/v1/token', nowSeconds })
 * // claims.uris: ['POST api.developer.coinbase.com/onramp/v1/token']
 */
export async function createCdpJwt(parameters: CreateCdpJwtParameters): Promise<string> {
  const { key, method, nowSeconds } = parameters
  const url = new URL(parameters.url)
  return new SignJWT({ uris: [`${method} ${url.host}${url.pathname}`] })
    .setProtectedHeader({
      alg: key.algorithm,
      kid: key.keyId,
      typ: 'JWT',
      nonce: randomBytes(16).toString('hex'),
    })
    .setSubject(key.keyId)
    .setIssuer('cdp')
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(nowSeconds + CDP_JWT_TTL_SECONDS)
    .sign(key.privateKey)
}
