import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'

/** How long a started OAuth login stays valid: the user has this long at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 600

const oauthStateSchema = z.object({
  appId: z.string(),
  provider: z.string(),
  /** The app page the user returns to (an allowed origin of the app). */
  redirectTo: z.string(),
  /** The redirect_uri the provider was given: `redirectTo`, or Satchel's callback for form_post. */
  redirectUri: z.string(),
  codeChallenge: z.string(),
  /** OpenID providers: the nonce the id_token must carry. */
  nonce: z.string(),
  expiresAt: z.number(),
})

export type OAuthState = z.output<typeof oauthStateSchema>

// The state code travels in URLs, so it is stored under its hash: a key listing reveals no live state.
const keyOf = (stateCode: string) =>
  `oauth:state:${createHash('sha256').update(stateCode).digest('base64url')}`

/**
 * Binds a client's state code to the login it started. False when that state code is already in use
 * (a client must pick a fresh random one per login).
 *
 * @example
 * await saveOAuthState(ctx, stateCode, { appId, provider: 'google', ... })
 */
export async function saveOAuthState(
  ctx: ServerContext,
  stateCode: string,
  state: OAuthState,
): Promise<boolean> {
  return ctx.kv.setIfAbsent(keyOf(stateCode), JSON.stringify(state), OAUTH_STATE_TTL_SECONDS)
}

/**
 * Takes a state for good (a state is consumed by its first use, whatever the outcome): undefined when
 * it was never issued, was already used, or has expired on the server clock.
 *
 * @example
 * const state = await takeOAuthState(ctx, request.body.state_code)
 */
export async function takeOAuthState(ctx: ServerContext, stateCode: string): Promise<OAuthState | undefined> {
  return parseState(ctx, await ctx.kv.take(keyOf(stateCode)))
}

/**
 * Reads a state without consuming it: the form_post callback only needs to know where to send the
 * user on, and the login itself must still find the state.
 *
 * @example
 * const state = await peekOAuthState(ctx, form.state)
 */
export async function peekOAuthState(ctx: ServerContext, stateCode: string): Promise<OAuthState | undefined> {
  return parseState(ctx, await ctx.kv.get(keyOf(stateCode)))
}

function parseState(ctx: ServerContext, stored: string | undefined): OAuthState | undefined {
  if (stored === undefined) return undefined
  const parsed = oauthStateSchema.safeParse(JSON.parse(stored))
  if (!parsed.success || parsed.data.expiresAt <= ctx.now()) return undefined
  return parsed.data
}
