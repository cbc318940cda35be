import type { FastifyRequest } from 'fastify'
import type { AppSecretAccess } from '../appSecrets/appSecrets'
import type { App } from '../apps/types'
import type { ServerContext } from '../context'
import type { OperatorRole } from '../operators/operators'
import type { Auth } from '../requestContext'

/**
 * Who may call a route (ARCHITECTURE.md section 8). Every route declares one in its Fastify config
 * (`config: { guard }`); `installGuards` refuses a route without one and runs its checks.
 * - `none`: nothing is checked (system routes, public keys, a provider's browser redirect);
 * - `public`: the app id (`satchel-app-id`, from one of the app's origins when called by a browser);
 * - `user`: an access token of a live session;
 * - `user+signed`: also the session key's authorization signature over the request, single use;
 * - `user+signed+stepup`: also a fresh second factor when the user has one, or without one (where the
 *   route asks, `freshLogin`) a proof of a login method within the last 5 minutes;
 * - `app`: the app's secret (HTTP Basic), for the app's backend;
 * - `wallet`: wallet RPC, signed by the user's session key or by an app's delegated signer;
 * - `refresh`: the refresh token (with its proof of possession), checked by the route itself;
 * - `webhook`: a funding provider's signature over the body, checked by the route itself;
 * - `dev`: development only (never answered in production), with the app id;
 * - `metrics`: the operator's own tools (`/metrics`): `Authorization: Bearer $METRICS_TOKEN` when that
 *   is set (such routes are not registered in production without it);
 * - `console`: an operator of the Satchel console (an access token of the operator app, a role in
 *   `operators`), on the console's own routes; writes signed, the dangerous ones stepped up.
 *
 * The `app` guard also takes a console operator's access token with the target app in
 * `satchel-app-id` (guards/operatorHooks.ts): viewers read, admins and owners write, signed.
 */
export const GUARDS = [
  'none',
  'public',
  'user',
  'user+signed',
  'user+signed+stepup',
  'app',
  'wallet',
  'refresh',
  'webhook',
  'dev',
  'metrics',
  'console',
] as const

export type Guard = (typeof GUARDS)[number]

/** The user guards that may have the app's backend (Basic app secret) as an alternative caller. */
export type UserGuard = 'user' | 'user+signed' | 'user+signed+stepup'

/**
 * A route's guard: one guard, or a user guard with the app's backend as the alternative — a request
 * with Basic credentials is checked as `app`, any other as the user guard.
 */
export type RouteGuard = Guard | readonly [UserGuard, 'app']

/**
 * For `user+signed+stepup` routes, what a user WITHOUT a second factor must also show: `true`, a
 * proof of a login method within the last 5 minutes (export, unlinking); a function, the same only
 * when it answers true for this user (a first recovery lock, not a change of one); absent, the
 * signature alone. A user with a second factor always needs a fresh MFA token on these routes.
 */
export type FreshLoginRule = true | ((ctx: ServerContext, auth: Auth) => Promise<boolean>)

/**
 * What a guard established about the caller, by kind, for the handler to read (`readAuth`,
 * `readCaller`...). A layer above adds the kind of its own guard by augmenting this interface
 * (wallets/readWalletRequest.ts adds `wallet`), so identity/ never imports it.
 */
export interface GuardedKinds {
  'app-id': { app: App }
  user: { app: App; auth: Auth }
  app: { app: App; secretId: string; access: AppSecretAccess; operator?: OperatorActor }
  console: { app: App; auth: Auth; operator: OperatorActor }
}

/** A console operator behind a request (the operator app's user, their email and role). */
export type OperatorActor = { userId: string; email: string; role: OperatorRole }

export type Guarded = {
  [Kind in keyof GuardedKinds]: { kind: Kind } & GuardedKinds[Kind]
}[keyof GuardedKinds]

/**
 * The checks of guards a layer above identity/ owns, handed to `installGuards` by buildApp: the
 * `wallet` guard's (wallets/readWalletRequest.ts).
 */
export type GuardHooks = { wallet: (request: FastifyRequest) => Promise<void> }

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard
    freshLogin?: FreshLoginRule
  }
  interface FastifyRequest {
    /** Set by the route's guard before validation; null on `none`, `webhook` routes. */
    guarded: Guarded | null
  }
}

/**
 * True when `value` is a guard a route may declare.
 *
 * @example
 * isRouteGuard('user+signed') // true
 * isRouteGuard(['user', 'app']) // true
 */
export function isRouteGuard(value: unknown): value is RouteGuard {
  if (typeof value === 'string') return (GUARDS as readonly string[]).includes(value)
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (value[0] === 'user' || value[0] === 'user+signed' || value[0] === 'user+signed+stepup') &&
    value[1] === 'app'
  )
}
