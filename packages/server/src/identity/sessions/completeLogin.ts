import { ApiError } from '@satchel/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App, LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import type { LinkedAccountInput, User } from '../users/usersRepository'
import { checkLoginAllowed } from './checkLoginAllowed'
import { createLoginWallets } from './createLoginWallets'
import { mintSessionTokens, sendAuthenticated } from './issueSession'
import { type RecordedLogin, recordLogin } from './recordLogin'

export type CompleteLoginParameters = {
  app: App
  method: LoginMethod
  account: LinkedAccountInput
  /** The account's user, already read with the proof (null: nobody's yet); read here when not given. */
  owner?: User | null | undefined
  mode: 'login-or-sign-up' | 'no-signup'
  sessionPublicKey: JsonWebKey | undefined
  isGuest?: boolean
  /**
   * Runs once the user and session exist, before the answer is sent: work the login is not complete
   * without (a passkey credential tied to its new account) must be done before the client hears of it.
   */
  beforeReply?: (() => Promise<unknown>) | undefined
}

/**
 * The end of every way in, once the method has proved the account: find or create the user, start a
 * session, answer AuthenticatedUser. Each method only proves; this decides who the user is.
 */
export async function completeLogin(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    app,
    method,
    account,
    owner,
    mode,
    sessionPublicKey,
    isGuest = false,
    beforeReply,
  }: CompleteLoginParameters,
) {
  if (!app.loginMethods.includes(method)) throw new ApiError('disallowed_login_method')
  let login: RecordedLogin | undefined
  for (let attempt = 0; !login; attempt++) {
    // One read: the account's user with their profile (the answer is built from it, never re-read),
    // unless the proof's own statement read it.
    const existing =
      attempt === 0 && owner !== undefined
        ? (owner ?? undefined)
        : await ctx.users.findUserByAccount(app.id, account.type, account.subject)
    // Every check before anything is written goes here: the app's rules (deleted users, allow and
    // deny lists), answered from the profile just read.
    checkLoginAllowed(app, account, existing)
    if (!existing && mode === 'no-signup') throw new ApiError('user_does_not_exist')
    login = await recordLogin(ctx, request, { app, method, account, existing, isGuest, sessionPublicKey })
    // Two first logins with the same account raced and the other one created the user: once more,
    // as that user (a second loss means the account keeps moving: refuse rather than loop).
    if (!login && attempt > 0) throw new ApiError('linked_to_another_user')
  }
  const { user, sessionId, refreshToken, isNewUser } = login
  // The wallets the app makes at first login, before the answer: the person's client finds them.
  if (isNewUser) await createLoginWallets(ctx, app, user.id)
  const { token, identityToken } = await mintSessionTokens(ctx, app, user, sessionId)
  await beforeReply?.()
  return sendAuthenticated(ctx, reply, { app, user, token, refreshToken, identityToken, isNewUser })
}
