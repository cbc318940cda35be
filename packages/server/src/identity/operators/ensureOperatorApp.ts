import { findMissingDelivery } from '../../platform/delivery/findMissingDelivery'
import type { ServerContext } from '../context'

export const OPERATOR_APP_NAME = 'Satchel console'

/**
 * The app operators sign in to (the Satchel console): made on the first start, reused after, with email
 * login and the server's own public origin (added again when that changes). Two instances starting at
 * once both make one, and the one that loses the single `operator_app` row deletes its own. In
 * production it is made only once email delivery is configured: without it nobody could sign in, and
 * the start-up check of production apps would refuse every later start.
 *
 * @example
 * const operatorAppId = await ensureOperatorApp(ctx) // undefined: production without SMTP
 */
export async function ensureOperatorApp(ctx: ServerContext): Promise<string | undefined> {
  const origin = readPublicOrigin(ctx)
  const existing = await readOperatorAppId(ctx)
  if (existing) {
    const app = await ctx.apps.getApp(existing)
    if (app && !app.allowedOrigins.includes(origin))
      await ctx.apps.updateApp(existing, { allowedOrigins: [...app.allowedOrigins, origin] })
    return existing
  }
  if (ctx.config.env === 'production' && findMissingDelivery(ctx.config, ['email'])) {
    ctx.log.warn('The Satchel console is off: configure SMTP so operators can sign in with email')
    return undefined
  }
  const { app } = await ctx.apps.createApp({
    name: OPERATOR_APP_NAME,
    allowedOrigins: [origin],
    loginMethods: ['email'],
    mode: ctx.config.env === 'production' ? 'production' : 'development',
  })
  const [won] = await ctx.db.query<{ app_id: string }>(
    'insert into operator_app (app_id) values ($1) on conflict do nothing returning app_id',
    [app.id],
  )
  if (won) return app.id
  await ctx.db.query('delete from apps where id = $1', [app.id])
  return readOperatorAppId(ctx)
}

/** The operator app's id, or undefined before the first start made it. */
export async function readOperatorAppId(ctx: Pick<ServerContext, 'db'>): Promise<string | undefined> {
  const [row] = await ctx.db.query<{ app_id: string }>('select app_id from operator_app')
  return row?.app_id
}

/** `scheme://host[:port]` of the server as browsers reach it: the console is served there. */
export function readPublicOrigin(ctx: Pick<ServerContext, 'config'>): string {
  const { publicUrl, port } = ctx.config
  return publicUrl ? new URL(publicUrl).origin : `http://localhost:${port}`
}
