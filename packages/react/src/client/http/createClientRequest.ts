import { ApiError } from '@satchel/core'
import { NotAuthenticatedError, StepUpRequiredError } from '../../errors/errors'
import { REQUEST_EXPIRY_MS, signRequest } from '../session/signRequest'
import type { TokenManager } from '../tokens/createTokenManager'
import type { HttpClient, HttpRequest } from './createHttpClient'

/** One API call through the client: `auth` adds the access token, `signed` the authorization signature. */
export type ClientRequest = Omit<HttpRequest, 'accessToken' | 'sign'> & {
  auth?: boolean | undefined
  signed?: { idempotencyKey?: string | undefined } | undefined
}

export type CreateClientRequestParameters = {
  http: HttpClient
  tokens: TokenManager
  now: () => number
  getSessionPrivateKey: () => Promise<CryptoKey>
  /** The MFA token to send with authenticated calls while it is valid. */
  getMfa: () => { token: string; expiresAt: number } | undefined
}

// A refused token: stale (a key rotation, a clock far off) or, in cookie mode, an access cookie the
// browser already dropped at its expiry while the refresh cookie lives on.
const isRefusedToken = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'missing_or_invalid_token' || error.code === 'must_be_authenticated')

const isStepUpRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.code === 'missing_or_invalid_mfa' || error.code === 'reauthentication_required')

/**
 * The client's `request`: the access token (bearer, or the HttpOnly cookie the browser sends in
 * cookie mode), the MFA token while valid, and the session key's authorization signature when asked.
 * A refused token is refreshed once and the call retried. A signed call the server refuses for want
 * of a step-up fails with `StepUpRequiredError`.
 *
 * @example
 * const request = createClientRequest({ http, tokens, now, getSessionPrivateKey, getMfa })
 * await request({ method: 'GET', path: '/api/v1/users/me', auth: true })
 */
export function createClientRequest({
  http,
  tokens,
  now,
  getSessionPrivateKey,
  getMfa,
}: CreateClientRequestParameters): (parameters: ClientRequest) => Promise<unknown> {
  return async function request({ auth, signed, ...call }) {
    const send = async () => {
      const accessToken = auth ? await tokens.getAccessToken() : undefined
      if (auth && !tokens.current())
        throw new NotAuthenticatedError({ action: `${call.method} ${call.path}` })
      const mfa = getMfa()
      const headers = {
        ...call.headers,
        // Sensitive actions (signing, export, MFA changes) ask for it; it only ever goes to our own API.
        ...((auth || signed) && mfa && mfa.expiresAt > now() ? { 'satchel-mfa-token': mfa.token } : {}),
      }
      return http({
        ...call,
        headers,
        accessToken,
        ...(signed
          ? {
              // Bound to the app the request names: a console operator's call about another app
              // signs that app's id, so the signature cannot be replayed against a third.
              sign: async ({ method, url, body, appId: requestAppId }) =>
                signRequest({
                  privateKey: await getSessionPrivateKey(),
                  appId: requestAppId,
                  method,
                  url,
                  body,
                  expiry: tokens.serverNow() + REQUEST_EXPIRY_MS,
                  idempotencyKey: signed.idempotencyKey,
                }),
            }
          : {}),
      })
    }
    const sendOrRefresh = async () => {
      try {
        return await send()
      } catch (error) {
        if (!auth || !isRefusedToken(error) || !tokens.current()) throw error
        await tokens.refresh()
        return send()
      }
    }
    try {
      return await sendOrRefresh()
    } catch (error) {
      // A signed request the server wants confirmed: one typed error the app can branch on.
      if (signed && isStepUpRequired(error)) throw new StepUpRequiredError({ error })
      throw error
    }
  }
}
