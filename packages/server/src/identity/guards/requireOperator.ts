import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import { readOperatorAppId } from '../operators/ensureOperatorApp'
import { findOperatorByUser, type Operator } from '../operators/operators'
import { type Auth, requireAuthFor } from '../requestContext'

/** An operator of the console, as their access token to the operator app established them. */
export type OperatorCaller = { operatorApp: App; auth: Auth; operator: Operator }

/**
 * The console's operator behind a request: an access token of a live session of the operator app (not
 * of the app the request is about, which `satchel-app-id` names), from the operator app's origin when
 * a browser sends it, of a user who holds a role. A user of any other app fails the token check; a
 * user of the operator app who was never invited fails here.
 *
 * @throws {ApiError} `missing_or_invalid_token`, `invalid_origin` or `operator_role_required`.
 * @example
 * const { operator } = await requireOperator(ctx, request)
 */
export async function requireOperator(ctx: ServerContext, request: FastifyRequest): Promise<OperatorCaller> {
  const operatorAppId = await readOperatorAppId(ctx)
  const operatorApp = operatorAppId ? await ctx.apps.getApp(operatorAppId) : undefined
  if (!operatorApp) throw new ApiError('missing_or_invalid_token')
  const origin = request.headers.origin
  if (origin !== undefined && !operatorApp.allowedOrigins.includes(origin))
    throw new ApiError('invalid_origin')
  const auth = await requireAuthFor(ctx, request, operatorApp)
  const operator = await findOperatorByUser(ctx.db, auth.userId)
  if (!operator)
    throw new ApiError('operator_role_required', {
      message: 'You are not an operator of this Satchel console: ask an owner to invite you',
    })
  return { operatorApp, auth, operator }
}

/** True for a request that only reads. */
export const isReadOnly = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD'
