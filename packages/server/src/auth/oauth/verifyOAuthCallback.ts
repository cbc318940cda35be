import { createHash } from 'node:crypto'
import { ApiError } from '@satchel/core'
import type { FastifyBaseLogger } from 'fastify'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import { secretsEqual } from '../../platform/crypto/tokens'
import { exchangeAuthorizationCode } from './exchangeAuthorizationCode'
import { fetchOAuthUserinfo } from './fetchOAuthUserinfo'
import { takeOAuthState } from './oauthState'
import { resolveOAuthProvider } from './resolveOAuthProvider'
import { type OAuthProfile, toOAuthProfile } from './toOAuthProfile'
import { toOAuthProviderError } from './toOAuthProviderError'
import { verifyIdToken } from './verifyIdToken'

export type VerifyOAuthCallbackParameters = {
  app: App
  /** The `state` the provider sent back with the user. */
  stateCode: string
  /** The provider the client believes it used (optional; a different one is a mismatch). */
  provider: string | undefined
  /** The `error` the provider sent back instead of a code (`access_denied` when the user said no). */
  error: string | undefined
  authorizationCode: string | undefined
  codeVerifier: string | undefined
  log: FastifyBaseLogger
}

export type VerifyOAuthCallbackErrorType = ApiError

/**
 * Everything between the provider's redirect and knowing who the user is: the state, the PKCE
 * verifier, the code exchange and the identity (a verified id_token, or the provider's user API).
 * Returns the linked account (`<provider>_oauth`, subject = the provider's user id).
 *
 * @example
 * const account = await verifyOAuthCallback(ctx, { app, stateCode, provider: undefined, error: undefined, authorizationCode, codeVerifier, log })
 */
export async function verifyOAuthCallback(
  ctx: ServerContext,
  parameters: VerifyOAuthCallbackParameters,
): Promise<LinkedAccountInput> {
  const { app, log } = parameters
  // The state is taken (deleted) before anything else is checked, so whatever happens next, this
  // state cannot be presented again.
  const state = await takeOAuthState(ctx, parameters.stateCode)
  const mismatch = !state
    ? 'unknown, used or expired state'
    : state.appId !== app.id
      ? 'state issued to another app'
      : parameters.provider !== undefined && parameters.provider !== state.provider
        ? 'state issued for another provider'
        : undefined
  if (!state || mismatch) {
    // A state that does not match is what a login CSRF or a phishing page handing someone else's
    // code to the victim looks like: worth a warning an operator can alert on. The state code itself
    // is not logged (it is a one-time credential of a login in progress).
    log.warn(
      { appId: app.id, provider: state?.provider ?? parameters.provider ?? null, reason: mismatch },
      'OAuth state mismatch: possible phishing attempt',
    )
    throw new ApiError('oauth_state_mismatch')
  }
  if (parameters.error !== undefined) throw toOAuthProviderError(parameters.error)
  const { authorizationCode, codeVerifier } = parameters
  if (!authorizationCode || !codeVerifier)
    throw new ApiError('invalid_data', { message: 'authorization_code and code_verifier are required' })
  // Checked here as well as by the provider: the code is only worth something to whoever holds the
  // verifier of the challenge this login started with, and some providers do not enforce PKCE.
  const challenge = createHash('sha256').update(codeVerifier).digest('base64url')
  if (!secretsEqual(challenge, state.codeChallenge))
    throw new ApiError('invalid_credentials', {
      message: 'The code verifier does not match the code challenge',
    })

  const provider = await resolveOAuthProvider(ctx, app, state.provider)
  const now = ctx.now()
  const tokens = await exchangeAuthorizationCode(provider, {
    code: authorizationCode,
    codeVerifier,
    redirectUri: state.redirectUri,
    now,
  })

  let profile: OAuthProfile | undefined
  if (provider.oidc) {
    if (!tokens.idToken)
      throw new ApiError('invalid_credentials', { message: 'The OpenID provider returned no id_token' })
    const claims = await verifyIdToken(tokens.idToken, {
      ...provider.oidc,
      clientId: provider.clientId,
      nonce: state.nonce,
      now,
    })
    profile = toOAuthProfile(claims)
    // Many providers keep the profile out of the id_token; the userinfo answer only counts for the
    // same subject (OpenID Connect Core 5.3.2), so it cannot swap in another identity.
    if (profile && !profile.email && !profile.name && provider.userinfoUrl) {
      const extra = toOAuthProfile(await fetchOAuthUserinfo(provider.userinfoUrl, tokens.accessToken))
      if (extra?.subject === profile.subject) profile = extra
    }
  } else if (provider.userinfoUrl) {
    profile = toOAuthProfile(await fetchOAuthUserinfo(provider.userinfoUrl, tokens.accessToken))
  }
  if (!profile)
    throw new ApiError('invalid_credentials', { message: 'The OAuth provider returned no user id' })

  return {
    type: provider.accountType,
    subject: profile.subject,
    details: {
      subject: profile.subject,
      email: profile.email,
      name: profile.name,
      username: profile.username,
    },
  }
}
