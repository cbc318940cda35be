import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminRoute } from '../../identity/appSecrets/adminRoute'
import { readAppSecretCaller } from '../../identity/appSecrets/readAppSecretCaller'
import type { ServerContext } from '../../identity/context'
import { listAuditEntries } from '../../platform/audit/listAuditEntries'
import { pageQueryFields } from '../../platform/http/pageCursor'
import { dailyFiguresSchema, readDailyFigures } from './readDailyFigures'
import { toAuditJson } from './toAuditJson'

const MAX_DAYS = 366
const DAY_MS = 24 * 60 * 60 * 1000
const date = z.iso.date()
const actor = z.object({ kind: z.string() }).catchall(z.unknown()).nullable()

/**
 * What happened in the app, for its backend and the console: the audit log with filters (who, what,
 * which wallet, how it ended) and the daily figures. Both only read, and only the secret's own app.
 */
export function adminAnalyticsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/audit',
      adminRoute("The app's audit log, newest first, with filters", {
        querystring: z.object({
          ...pageQueryFields,
          user_id: z.string().min(1).max(64).optional(),
          wallet_id: z.string().min(1).max(100).optional(),
          action: z
            .string()
            .regex(/^[a-z_.]+(\.\*)?$/)
            .max(64)
            .optional(),
          outcome: z.enum(['started', 'success', 'failure', 'denied', 'revoked']).optional(),
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.string(),
                at: z.string(),
                actor,
                user_id: z.string().nullable(),
                wallet_id: z.string().nullable(),
                action: z.string(),
                outcome: z.string(),
                details: z.record(z.string(), z.unknown()),
              }),
            ),
            next_cursor: z.string().nullable(),
          }),
        },
      }),
      async (request) => {
        const { cursor, limit, user_id, wallet_id, action, outcome, from, to } = request.query
        const { entries, next } = await listAuditEntries(ctx.db, readAppSecretCaller(request).app.id, {
          before: cursor,
          limit,
          filters: {
            userId: user_id,
            walletId: wallet_id,
            action,
            outcome,
            from: from ? new Date(from) : undefined,
            to: to ? new Date(to) : undefined,
          },
        })
        return { data: entries.map(toAuditJson), next_cursor: next }
      },
    )

    app.get(
      '/api/v1/analytics/daily',
      adminRoute('Daily sign-ups by method, active users, wallets, signatures, transactions and funding', {
        querystring: z.object({ from: date, to: date }),
        response: {
          200: z.object({
            days: z.array(dailyFiguresSchema),
          }),
        },
      }),
      async (request) => {
        const { from, to } = request.query
        const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
        if (!(days >= 1 && days <= MAX_DAYS))
          throw new ApiError('invalid_data', {
            message: `Invalid request data: from, to (from must not be after to, at most ${MAX_DAYS} days)`,
          })
        return { days: await readDailyFigures(ctx, readAppSecretCaller(request).app.id, from, to) }
      },
    )
  }
}
