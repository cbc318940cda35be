import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { oauthProviderNameSchema } from '../../identity/apps/listOAuthProviders'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import { createRandomToken } from '../../platform/crypto/tokens'
import { OAUTH_STATE_TTL_SECONDS, peekOAuthState, saveOAuthState } from './oauthState'
import { resolveOAuthProvider } from './resolveOAuthProvider'
import { toAuthorizationUrl } from './toAuthorizationUrl'
import { verifyOAuthCallback } from './verifyOAuthCallback'

/** Where a form_post provider (Apple) sends the user; Satchel then redirects on to the app's page. */
export const OAUTH_CALLBACK_PATH = '/api/v1/oauth/callback'

// RFC 7636: the verifier is 43-128 unreserved characters; its S256 challenge is 43 base64url characters.
const codeVerifierSchema = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'a PKCE code verifier')
const codeChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a PKCE S256 code challenge')
// Long enough to be unguessable, short and URL-safe enough to travel through every provider.
const stateCodeSchema = z.string().regex(/^[A-Za-z0-9._~-]{16,256}$/, 'a random state code')

const callbackFields = {
  state_code: stateCodeSchema,
  authorization_code: z.string().min(1).max(4096).optional(),
  code_verifier: codeVerifierSchema.optional(),
  provider: oauthProviderNameSchema.optional(),
  /** The `error` the provider sent back instead of a code, passed on by the client. */
  error: z.string().min(1).max(128).optional(),
}

/**
 * OAuth 2 / OpenID Connect login with PKCE: the client makes the verifier and keeps it; `init` binds
 * the client's state code to the app, provider, return page and challenge for 10 minutes and
 * answers the provider's authorization URL; `authenticate` (or `link`) finishes with the code.
 */
export function oauthRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only the form_post callback sends a form; the parser exists in this plugin alone.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    addLoginRoutes(app, ctx, {
      path: 'oauth',
      method: 'oauth',
      steps(add) {
        add({
          url: '/api/v1/oauth/init',
          guard: 'public',
          tags: ['oauth'],
          summary: "Start an OAuth login: answers the provider's authorization URL",
          body: z.object({
            provider: oauthProviderNameSchema,
            redirect_to: z.url(),
            code_challenge: codeChallengeSchema,
            state_code: stateCodeSchema,
          }),
          response: { 200: z.object({ url: z.string() }) },
          async handle({ request, app: satchelApp, body }) {
            const { provider: name, redirect_to: redirectTo, code_challenge: codeChallenge } = body
            const provider = await resolveOAuthProvider(ctx, satchelApp, name)
            // The code comes back to this page: anywhere else, and another site would receive it.
            if (!satchelApp.allowedOrigins.includes(new URL(redirectTo).origin))
              throw new ApiError('invalid_origin', {
                message: 'redirect_to must be on an allowed origin of the app',
              })
            const redirectUri =
              provider.responseMode === 'form_post'
                ? `${ctx.config.publicUrl ?? `${request.protocol}://${request.host}`}${OAUTH_CALLBACK_PATH}`
                : redirectTo
            const nonce = createRandomToken(16)
            const saved = await saveOAuthState(ctx, body.state_code, {
              appId: satchelApp.id,
              provider: name,
              redirectTo,
              redirectUri,
              codeChallenge,
              nonce,
              expiresAt: ctx.now() + OAUTH_STATE_TTL_SECONDS * 1000,
            })
            if (!saved) throw new ApiError('invalid_data', { message: 'This state_code is already in use' })
            return {
              url: toAuthorizationUrl(provider.authorizationUrl, {
                response_type: 'code',
                client_id: provider.clientId,
                redirect_uri: redirectUri,
                scope: provider.scopes.join(' '),
                state: body.state_code,
                code_challenge: codeChallenge,
                code_challenge_method: 'S256',
                nonce: provider.oidc ? nonce : undefined,
                response_mode: provider.responseMode === 'form_post' ? 'form_post' : undefined,
              }),
            }
          },
        })
        // Not a step of the gate: the provider posts it, with no app to check. It only sends the
        // user back to the page the login started from, where `authenticate` takes the state.
        app.post(
          OAUTH_CALLBACK_PATH,
          {
            config: { guard: 'none' },
            schema: {
              tags: ['oauth'],
              summary:
                'Where a form_post provider returns the user; redirects on to the page the login started from',
              consumes: ['application/x-www-form-urlencoded'],
              body: z.looseObject({
                state: stateCodeSchema,
                code: z.string().min(1).max(4096).optional(),
                error: z.string().min(1).max(128).optional(),
              }),
            },
          },
          async (request, reply) => {
            // Peeked, not taken: the client's authenticate call consumes the state.
            const state = await peekOAuthState(ctx, request.body.state)
            if (!state) {
              request.log.warn(
                { appId: null, provider: null, reason: 'unknown, used or expired state' },
                'OAuth state mismatch: possible phishing attempt',
              )
              throw new ApiError('oauth_state_mismatch')
            }
            const back = new URL(state.redirectTo)
            back.searchParams.set('state', request.body.state)
            if (request.body.code) back.searchParams.set('code', request.body.code)
            if (request.body.error) back.searchParams.set('error', request.body.error)
            return reply.redirect(back.toString(), 303)
          },
        )
      },
      proof: callbackFields,
      verify: (satchelApp, body, request) =>
        verifyOAuthCallback(ctx, {
          app: satchelApp,
          stateCode: body.state_code,
          provider: body.provider,
          error: body.error,
          authorizationCode: body.authorization_code,
          codeVerifier: body.code_verifier,
          log: request.log,
        }),
      summaries: {
        authenticate: 'Finish an OAuth login with the code the provider sent back',
        link: 'Link a social account to the signed-in user with the code the provider sent back',
        unlink: 'Unlink a social account from the signed-in user',
      },
      unlink: {
        body: z.object({ provider: oauthProviderNameSchema, subject: z.string().min(1).max(255) }),
        account: (body) => ({ type: `${body.provider}_oauth`, subject: body.subject }),
      },
    })
  }
}
