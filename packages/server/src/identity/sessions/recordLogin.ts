import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import { toAuditRow } from '../../platform/audit/toAuditRow'
import { createId, createRandomToken, hashToken } from '../../platform/crypto/tokens'
import { devUserLimitOf } from '../apps/devUserLimitOf'
import type { App, LoginMethod } from '../apps/types'
import type { ServerContext } from '../context'
import type { LinkedAccountInput, User } from '../users/usersRepository'
import { toEventAccount } from '../webhooks/toEventAccount'

export type RecordLoginParameters = {
  app: App
  method: LoginMethod
  account: LinkedAccountInput
  /** The account's user, read before (and checked by the app's rules); undefined signs a new one up. */
  existing: User | undefined
  isGuest: boolean
  sessionPublicKey: JsonWebKey | undefined
}

export type RecordedLogin = { user: User; sessionId: string; refreshToken: string; isNewUser: boolean }

type ResultRow = {
  under_cap: boolean | null
  account: {
    id: string
    details: Record<string, unknown>
    first_verified_at: string
    verified_at: string
  } | null
  created_at: Date | null
}

/**
 * Writes a login in ONE statement (one round trip, atomic): for a new user the user and the account
 * (a development app's user cap checked in the same statement), else the account's fresh
 * verification; then the session, its first refresh token, the audit entry and the webhook events
 * (`user.created`, `user.authenticated`). The audit entry exists exactly when the session does, so it
 * cannot be lost to a crash between the two. Answers undefined when another login won a race for the
 * account (it created the user, or the account moved): read it again and retry.
 *
 * @throws {ApiError} `development_mode_user_limit` when a development app is full.
 * @example
 * const login = await recordLogin(ctx, request, { app, method, account, existing, isGuest, sessionPublicKey })
 */
export async function recordLogin(
  ctx: ServerContext,
  request: FastifyRequest,
  { app, method, account, existing, isGuest, sessionPublicKey }: RecordLoginParameters,
): Promise<RecordedLogin | undefined> {
  const params: unknown[] = []
  const $ = (value: unknown) => `$${params.push(value)}`
  const now = ctx.now()
  const at = $(new Date(now))
  const appId = $(app.id)
  const userId = existing?.id ?? createId('usr')
  const user = $(userId)
  const details = $(JSON.stringify(account.details))
  const head = existing
    ? `account as (
         update linked_accounts set verified_at = now(), details = details || ${details}::jsonb
          where app_id = ${appId} and type = ${$(account.type)} and subject = ${$(account.subject)}
            and user_id = ${user}
          returning *
       ),
       login_user as (select user_id as id from account)`
    : `cap as (select ${userCapSql(ctx, app, appId, $)}),
       account as (
         insert into linked_accounts (id, app_id, user_id, type, subject, details)
         select ${$(createId('acc'))}, ${appId}::text, ${user}::text, ${$(account.type)}::text,
                ${$(account.subject)}::text, ${details}::jsonb
           from cap where ok
         on conflict (app_id, type, subject) do nothing returning *
       ),
       new_user as (
         insert into users (id, app_id, is_guest) select ${user}::text, ${appId}::text, ${$(isGuest)}::boolean
           from account returning *
       ),
       login_user as (select id from new_user)`
  const sessionId = createId('ses')
  const refreshToken = createRandomToken(32)
  const expiresAt = $(new Date(now + ctx.config.refreshTokenTtlSeconds * 1000))
  const audit = toAuditRow({
    appId: app.id,
    userId,
    sessionId,
    action: `login.${method}`,
    outcome: 'success',
    details: { new_user: !existing },
  })
  const events = [
    ...(existing
      ? []
      : [
          toEvent(now, 'user.created', {
            user_id: userId,
            is_guest: isGuest,
            account: toEventAccount(account),
          }),
        ]),
    toEvent(now, 'user.authenticated', { user_id: userId, method, is_new_user: !existing }),
  ]
  const [row] = await ctx.db.query<ResultRow>(
    `with ${head},
     session as (
       insert into sessions (id, app_id, user_id, session_public_key, user_agent, ip, expires_at, created_at, last_used_at)
       select ${$(sessionId)}::text, ${appId}::text, id, ${$(sessionPublicKey ? JSON.stringify(sessionPublicKey) : null)}::jsonb,
              ${$(request.headers['user-agent']?.slice(0, 256) ?? null)}::text, ${$(request.ip)}::text,
              ${expiresAt}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
         from login_user returning id
     ),
     refresh as (
       insert into refresh_tokens (token_hash, session_id, expires_at)
       select ${$(hashToken(refreshToken))}::bytea, id, ${expiresAt}::timestamptz from session
     ),
     audit as (
       insert into audit_log (app_id, user_id, session_id, action, outcome, details)
       select ${appId}::text, ${$(audit.userId)}::text, id, ${$(audit.action)}::text, ${$(audit.outcome)}::text,
              ${$(audit.details)}::jsonb
         from session
     ),
     events as (
       insert into webhook_deliveries
         (id, app_id, endpoint_id, message_id, event_type, payload, next_attempt_at, created_at, updated_at)
       select 'whd_' || replace(gen_random_uuid()::text, '-', ''), e.app_id, e.id, ev.message_id, ev.event_type,
              ev.payload, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
         from session, webhook_endpoints e,
              json_to_recordset(${$(JSON.stringify(events))}::json) as ev(message_id text, event_type text, payload text)
        where e.app_id = ${appId} and e.enabled
          and (cardinality(e.event_types) = 0 or ev.event_type = any(e.event_types))
     )
     select ${existing ? 'true' : '(select ok from cap)'} as under_cap,
            (select row_to_json(account) from account) as account,
            ${existing ? 'null::timestamptz' : '(select created_at from new_user)'} as created_at`,
    params,
  )
  if (row?.under_cap === false) throw new ApiError('development_mode_user_limit')
  if (!row?.account) return undefined
  const linked = {
    ...account,
    id: row.account.id,
    details: row.account.details,
    firstVerifiedAt: new Date(row.account.first_verified_at),
    verifiedAt: new Date(row.account.verified_at),
  }
  const profile: User = existing
    ? {
        ...existing,
        linkedAccounts: existing.linkedAccounts.map((each) => (each.id === linked.id ? linked : each)),
      }
    : {
        id: userId,
        appId: app.id,
        isGuest,
        hasAcceptedTerms: false,
        createdAt: row.created_at ?? new Date(now),
        deletedAt: null,
        purgeAfter: null,
        linkedAccounts: [linked],
        mfaMethods: [],
      }
  return { user: profile, sessionId, refreshToken, isNewUser: !existing }
}

/**
 * The development user cap as SQL (`ok` is false when the app is full): counted up to the cap, never
 * a full scan, and only where there is a cap; production apps pay nothing for it.
 */
function userCapSql(ctx: ServerContext, app: App, appId: string, $: (value: unknown) => string): string {
  const cap = devUserLimitOf(app, ctx.config)
  if (cap === undefined) return 'true as ok'
  const limit = $(cap)
  return `count(*) < ${limit}::bigint as ok from (select 1 from users where app_id = ${appId} limit ${limit}::bigint) capped`
}

/** A webhook event as `emitEvent` writes it: its message id, type and the payload the app receives. */
function toEvent(now: number, type: string, data: Record<string, unknown>) {
  const payload = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data })
  return { message_id: createId('msg'), event_type: type, payload }
}
