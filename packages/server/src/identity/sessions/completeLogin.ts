import { ApiError } from '@satchel/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { writeAudit } from '../../platform/audit/writeAudit'
import type { App, LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import type { LinkedAccountInput } from '../users/usersRepository'
import { emitEvent } from '../webhooks/emitEvent'
import { toEventAccount } from '../webhooks/toEventAccount'
import { checkLoginAllowed } from './checkLoginAllowed'
import { createLoginWallets } from './createLoginWallets'
import { mintSessionTokens, sendAuthenticated, startSession } from './issueSession'

export type CompleteLoginParameters = {
  app: App
  method: LoginMethod
  account: LinkedAccountInput
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
  { app, method, account, mode, sessionPublicKey, isGuest = false, beforeReply }: CompleteLoginParameters,
) {
  if (!app.loginMethods.includes(method)) throw new ApiError('disallowed_login_method')
  let userId = await ctx.users.findUserIdByAccount(app.id, account.type, account.subject)
  // The app's rules (deleted users, allow and deny lists), before anything is written.
  await checkLoginAllowed(ctx, app, account, userId)
  let isNewUser = false
  if (userId) {
    await ctx.users.touchAccount(app.id, account.type, account.subject, account.details)
  } else {
    if (mode === 'no-signup') throw new ApiError('user_does_not_exist')
    if (app.mode === 'development') {
      const limit = app.devUserLimit ?? ctx.config.devUserLimit
      if ((await ctx.users.countUsers(app.id, limit)) >= limit)
        throw new ApiError('development_mode_user_limit')
    }
    try {
      userId = await ctx.db.transaction(async (tx) => {
        const id = await ctx.users.createUser(tx, app.id, account, isGuest)
        const created = {
          user_id: id,
          is_guest: isGuest,
          account: toEventAccount(account),
        }
        await emitEvent(ctx, app.id, 'user.created', created, tx)
        return id
      })
      isNewUser = true
    } catch (error) {
      // Two first logins with the same account raced: the other one created the user.
      if (!(error instanceof ApiError && error.code === 'linked_to_another_user')) throw error
      userId = await ctx.users.findUserIdByAccount(app.id, account.type, account.subject)
      if (!userId) throw error
    }
  }
  // The wallets the app makes at first login, before the answer: the person's client finds them.
  if (isNewUser) await createLoginWallets(ctx, app, userId)
  const [user, { sessionId, refreshToken }] = await Promise.all([
    ctx.users.requireUser(userId),
    startSession(ctx, request, { app, userId, sessionPublicKey }),
  ])
  const [{ token, identityToken }] = await Promise.all([
    mintSessionTokens(ctx, app, user, sessionId),
    writeAudit(ctx.db, {
      appId: app.id,
      userId,
      sessionId,
      action: `login.${method}`,
      outcome: 'success',
      details: { new_user: isNewUser },
    }),
    emitEvent(ctx, app.id, 'user.authenticated', { user_id: userId, method, is_new_user: isNewUser }),
  ])
  await beforeReply?.()
  return sendAuthenticated(ctx, reply, { app, user, token, refreshToken, identityToken, isNewUser })
}
