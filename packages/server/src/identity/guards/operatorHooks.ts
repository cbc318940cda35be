import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { decodeJwt } from 'jose'
import type { ServerContext } from '../context'
import { APP_ID_HEADER } from '../requestContext'
import { auditRefusals } from './auditRefusals'
import { checkSessionSignature } from './checkSessionSignature'
import { checkStepUp } from './checkStepUp'
import { isReadOnly, type OperatorCaller, requireOperator } from './requireOperator'

/**
 * The routes an operator may call only with a fresh second factor (or, without one, a login in the
 * last 5 minutes) on top of the session key's signature: the ones that destroy a user, mint or revoke
 * an app's credentials, or change who operates the console.
 */
export const OPERATOR_STEP_UP_ROUTES: ReadonlySet<string> = new Set([
  'DELETE /api/v1/users/:user_id',
  'POST /api/v1/apps/secrets',
  'DELETE /api/v1/apps/secrets/:secret_id',
  'POST /api/v1/console/operators',
  'DELETE /api/v1/console/operators/:operator_id',
])

/**
 * The `app` guard's second caller: an operator acting on the app `satchel-app-id` names with their
 * access token to the operator app. A viewer reads; an admin or owner also writes, every write signed
 * by the session key (a stolen access token alone changes nothing) and the dangerous ones stepped up.
 * Not on the operator app itself: the console's own sign-in is changed from the server's shell.
 */
export async function operatorAppHook(ctx: ServerContext, request: FastifyRequest, route: string) {
  const caller = await requireOperator(ctx, request)
  const id = request.headers[APP_ID_HEADER]
  const app = typeof id === 'string' && id.length <= 64 ? await ctx.apps.getApp(id) : undefined
  if (!app || app.id === caller.operatorApp.id) throw new ApiError('app_not_found')
  await checkOperatorRequest(ctx, request, caller, { route, guard: 'app', app_id: app.id })
  const { operator } = caller
  request.guarded = {
    kind: 'app',
    app,
    // No secret called: the operator stands where the secret would (readAdminActor tells them apart).
    secretId: `operator:${caller.auth.userId}`,
    access: operator.role === 'viewer' ? 'read_only' : 'full',
    operator: { userId: caller.auth.userId, email: operator.email, role: operator.role },
  }
}

/** The `console` guard: an operator on the console's own routes (apps, operators), about no one app. */
export async function consoleHook(ctx: ServerContext, request: FastifyRequest, route: string) {
  const caller = await requireOperator(ctx, request)
  await checkOperatorRequest(ctx, request, caller, { route, guard: 'console' })
  request.guarded = {
    kind: 'console',
    app: caller.operatorApp,
    auth: caller.auth,
    operator: { userId: caller.auth.userId, email: caller.operator.email, role: caller.operator.role },
  }
}

/**
 * True when a bearer token was issued for another app than the one the request names: an operator's
 * token (verified by `requireOperator`; the claim read here only chooses the check). A user's token
 * is always for the app it names.
 */
export function isOperatorBearer(request: FastifyRequest): boolean {
  const header = request.headers.authorization
  if (!header?.startsWith('Bearer ')) return false
  try {
    const { aud } = decodeJwt(header.slice(7).trim())
    return typeof aud === 'string' && aud !== request.headers[APP_ID_HEADER]
  } catch {
    return false
  }
}

async function checkOperatorRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  caller: OperatorCaller,
  details: { route: string; guard: string; app_id?: string },
): Promise<void> {
  if (isReadOnly(request)) return
  await auditRefusals(ctx, caller.auth, details, async () => {
    if (caller.operator.role === 'viewer')
      throw new ApiError('operator_role_required', {
        message: 'A viewer of the console can only read: ask an owner or admin to make this change',
      })
    // Signed over the app the request names (a console route names none: the operator app's own).
    await checkSessionSignature(ctx, request, caller.auth, details.app_id)
    if (OPERATOR_STEP_UP_ROUTES.has(details.route)) await checkStepUp(ctx, request, caller.auth, true)
  })
}
