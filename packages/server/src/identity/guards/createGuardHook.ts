import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { secretsEqual } from '../../platform/crypto/tokens'
import type { ServerContext } from '../context'
import { requireAppSecret, requireAuth, resolveApp } from '../requestContext'
import { auditRefusals } from './auditRefusals'
import { checkSessionSignature } from './checkSessionSignature'
import { checkStepUp } from './checkStepUp'
import { consoleHook, isOperatorBearer, operatorAppHook } from './operatorHooks'
import type { FreshLoginRule, Guard, GuardHooks, RouteGuard, UserGuard } from './routeGuard'

/** A guard's check: runs before validation, sets `request.guarded`, throws an ApiError to refuse. */
export type GuardHook = (request: FastifyRequest) => Promise<void>

export type CreateGuardHookParameters = {
  guard: RouteGuard
  freshLogin?: FreshLoginRule | undefined
  /** `POST /api/v1/...`, for the audit row of a refused user. */
  route: string
  /** The checks of the guards the layers above own (`wallet`). */
  hooks: GuardHooks
}

/**
 * The check a route's guard runs, or undefined for guards whose credential only the route itself can
 * check (`none`, `webhook`, and `refresh`'s token is read by its route after the app id). The one
 * place the rule is enforced: handlers only read what it established (`readAuth`, `readCaller`).
 *
 * @example
 * const hook = createGuardHook(ctx, { guard: 'user+signed', route: 'POST /api/v1/siwe/link', hooks })
 */
export function createGuardHook(
  ctx: ServerContext,
  { guard, freshLogin, route, hooks }: CreateGuardHookParameters,
): GuardHook | undefined {
  if (typeof guard !== 'string') {
    const user = userHook(ctx, guard[0], freshLogin, route)
    // Basic credentials are the app's backend, a console operator stands in for it; anything else is
    // checked as the user.
    return (request) =>
      isBasic(request) || isOperatorBearer(request) ? appHook(ctx, request, route) : user(request)
  }
  return singleHook(ctx, guard, freshLogin, route, hooks)
}

function singleHook(
  ctx: ServerContext,
  guard: Guard,
  freshLogin: FreshLoginRule | undefined,
  route: string,
  hooks: GuardHooks,
): GuardHook | undefined {
  switch (guard) {
    case 'none':
    case 'webhook':
      return undefined
    case 'public':
    case 'refresh':
      return async (request) => {
        request.guarded = { kind: 'app-id', app: await resolveApp(ctx, request) }
      }
    case 'dev':
      return async (request) => {
        // Never answered in production, whatever the app's mode: development tools read codes.
        if (ctx.config.env === 'production') throw new ApiError('not_found')
        request.guarded = { kind: 'app-id', app: await resolveApp(ctx, request) }
      }
    case 'metrics':
      return async (request) => metricsHook(ctx, request)
    case 'console':
      return (request) => consoleHook(ctx, request, route)
    case 'app':
      return (request) => appHook(ctx, request, route)
    case 'wallet':
      return hooks.wallet
    case 'user':
    case 'user+signed':
    case 'user+signed+stepup':
      return userHook(ctx, guard, freshLogin, route)
  }
}

function userHook(
  ctx: ServerContext,
  guard: UserGuard,
  freshLogin: FreshLoginRule | undefined,
  route: string,
): GuardHook {
  if (guard === 'user')
    return async (request) => {
      const auth = await requireAuth(ctx, request)
      request.guarded = { kind: 'user', app: auth.app, auth }
    }
  return async (request) => {
    const auth = await requireAuth(ctx, request)
    // From here the caller is known: a refusal is worth recording.
    await auditRefusals(ctx, auth, { route, guard }, async () => {
      await checkSessionSignature(ctx, request, auth)
      if (guard === 'user+signed+stepup') await checkStepUp(ctx, request, auth, freshLogin)
    })
    request.guarded = { kind: 'user', app: auth.app, auth }
  }
}

async function appHook(ctx: ServerContext, request: FastifyRequest, route: string): Promise<void> {
  if (!isBasic(request)) return operatorAppHook(ctx, request, route)
  const caller = await requireAppSecret(ctx, request)
  // A read-only secret reads: anything but GET could change the app (or mint a full secret).
  if (caller.access === 'read_only' && request.method !== 'GET' && request.method !== 'HEAD')
    throw new ApiError('app_secret_read_only')
  request.guarded = { kind: 'app', app: caller.app, secretId: caller.secretId, access: caller.access }
}

/**
 * `/metrics` tells anyone who reads it the routes, their traffic and the process's internals, and it
 * shares the API's port: with `METRICS_TOKEN` set only `Authorization: Bearer <token>` (what
 * Prometheus sends with `authorization.credentials`) is answered.
 */
function metricsHook(ctx: ServerContext, request: FastifyRequest): void {
  const token = ctx.config.metricsToken
  if (token === undefined) return
  const header = request.headers.authorization ?? ''
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
  if (!secretsEqual(given, token)) throw new ApiError('missing_or_invalid_token')
}

function isBasic(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith('Basic ') === true
}
