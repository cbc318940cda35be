import type { FastifyInstance, RouteOptions } from 'fastify'
import type { ServerContext } from '../context'
import { createGuardHook } from './createGuardHook'
import { type FreshLoginRule, type GuardHooks, isRouteGuard, type RouteGuard } from './routeGuard'

/** One row of the route table: who may call a route. */
export type RouteGuardEntry = { method: string; url: string; guard: string }

/**
 * Makes the guard rule hold for every route registered after it: a route must declare
 * `config: { guard }` (see `GUARDS`), or registering it throws an error naming it, so buildApp
 * fails instead of serving a route nobody decided about. The guard's check is put first among the
 * route's `preValidation` hooks: it sees the body as sent (the signature covers it), and runs before
 * anything the route does. Answers the table of routes and guards (HEAD twins of GET routes share
 * their guard and are not listed).
 *
 * @example
 * const table = installGuards(app, ctx, { wallet: createWalletGuardHook(ctx) }) // before any route
 */
export function installGuards(
  app: FastifyInstance,
  ctx: ServerContext,
  hooks: GuardHooks,
): readonly RouteGuardEntry[] {
  const table: RouteGuardEntry[] = []
  app.decorateRequest('guarded', null)
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const url = route.url ?? route.path
    const name = `${methods.join(',')} ${url}`
    const guard = readGuard(route)
    if (!isRouteGuard(guard))
      throw new Error(
        `${name} declares no known guard (config.guard): every route must say who may call it (see identity/guards/routeGuard.ts)`,
      )
    const freshLogin = route.config?.freshLogin
    if (freshLogin !== undefined && guard !== 'user+signed+stepup' && guard[0] !== 'user+signed+stepup')
      throw new Error(`${name}: freshLogin applies to user+signed+stepup routes only`)
    const hook = createGuardHook(ctx, { guard, freshLogin, route: name, hooks })
    if (hook) route.preValidation = [hook, ...[route.preValidation ?? []].flat()]
    if (!methods.every((method) => method === 'HEAD'))
      table.push({
        method: methods.join(','),
        url,
        guard: describeGuard(guard, freshLogin),
      })
  })
  return table
}

/** How a guard reads in the table: `user+signed+stepup | app`, `user+signed+stepup, fresh login`. */
function describeGuard(guard: RouteGuard, freshLogin: FreshLoginRule | undefined): string {
  const name = typeof guard === 'string' ? guard : guard.join(' | ')
  if (freshLogin === undefined) return name
  return `${name}, fresh login${freshLogin === true ? '' : ` when ${freshLogin.name}`}`
}

/** The declared guard; @fastify/cors's preflight route (which carries no credentials by design) is `none`. */
function readGuard(route: RouteOptions): RouteGuard | undefined {
  if (route.config?.guard !== undefined) return route.config.guard
  if (route.method === 'OPTIONS' && route.url === '*') return 'none'
  return undefined
}
