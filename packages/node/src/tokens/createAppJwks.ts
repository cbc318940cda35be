import { createRemoteJWKSet, customFetch } from 'jose'

export type CreateAppJwksParameters = {
  serverUrl: string
  appId: string
  cooldownMs: number
  timeoutMs: number
  fetch: typeof fetch
}

/**
 * The app's token-verification keys from `GET /api/v1/apps/:app_id/jwks.json`, fetched on first use
 * and kept (jose's remote key set): fetched again after 10 minutes, or when a token names a key id the
 * set does not have (a key rotated in since), at most once per `cooldownMs`.
 *
 * @example
 * const jwks = createAppJwks({ serverUrl, appId, cooldownMs: 30_000, timeoutMs: 10_000, fetch })
 * await jwtVerify(token, jwks, { algorithms: ['ES256'] })
 */
export function createAppJwks({ serverUrl, appId, cooldownMs, timeoutMs, fetch }: CreateAppJwksParameters) {
  const url = new URL(`${serverUrl}/api/v1/apps/${encodeURIComponent(appId)}/jwks.json`)
  return createRemoteJWKSet(url, {
    cooldownDuration: cooldownMs,
    timeoutDuration: timeoutMs,
    [customFetch]: (input, init) => fetch(input, init),
  })
}
