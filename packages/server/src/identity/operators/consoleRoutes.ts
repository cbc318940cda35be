import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../../platform/audit/writeAudit'
import { readAdminActor } from '../appSecrets/readAdminActor'
import { assertOrigin } from '../apps/appsRepository'
import { loginMethods } from '../apps/types'
import type { ServerContext } from '../context'
import { operatorRoutes } from './operatorRoutes'
import { readConsoleCaller } from './readConsoleCaller'

const appJson = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['development', 'production']),
  login_methods: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  created_at: z.string(),
})

/**
 * The console's own routes, for operators before they pick an app: the apps of this server (every
 * role reads; owners and admins make one) and, owner only, the operators (operatorRoutes.ts). The
 * operator app itself is not listed: the console's sign-in is changed from the server's shell.
 */
export function consoleRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/console/apps',
      {
        schema: {
          tags: ['console'],
          summary: "The server's apps, for the console's operators",
          security: [{ bearer: [] }],
          response: { 200: z.object({ data: z.array(appJson) }) },
        },
        config: { guard: 'console' },
      },
      async (request) => {
        const { operatorApp } = readConsoleCaller(request, ['owner', 'admin', 'viewer'])
        const apps = await ctx.apps.listApps()
        return { data: apps.filter((one) => one.id !== operatorApp.id).map(toAppJson) }
      },
    )

    app.post(
      '/api/v1/console/apps',
      {
        schema: {
          tags: ['console'],
          summary: 'Make an app (its secrets are made after, from the app settings)',
          security: [{ bearer: [] }],
          body: z
            .object({
              name: z.string().trim().min(1).max(100),
              allowed_origins: z.array(z.string().max(200)).min(1).max(20),
              login_methods: z.array(z.enum(loginMethods)).min(1).max(loginMethods.length).optional(),
            })
            .strict(),
          response: { 200: appJson },
        },
        config: { guard: 'console' },
      },
      async (request) => {
        readConsoleCaller(request, ['owner', 'admin'])
        const { name, allowed_origins, login_methods } = request.body
        for (const origin of allowed_origins) assertOrigin(origin)
        // The first secret is not shown: minting one is its own, stepped-up request.
        const { app: made } = await ctx.apps.createApp({
          name,
          allowedOrigins: allowed_origins,
          ...(login_methods ? { loginMethods: login_methods } : {}),
        })
        await writeAudit(ctx.db, {
          appId: made.id,
          action: 'app.created',
          outcome: 'success',
          details: { actor: readAdminActor(request), name },
        })
        return toAppJson(made)
      },
    )

    await app.register(operatorRoutes(ctx))
  }
}

function toAppJson(app: {
  id: string
  name: string
  mode: 'development' | 'production'
  loginMethods: readonly string[]
  allowedOrigins: readonly string[]
  createdAt: Date
}) {
  return {
    id: app.id,
    name: app.name,
    mode: app.mode,
    login_methods: [...app.loginMethods],
    allowed_origins: [...app.allowedOrigins],
    created_at: app.createdAt.toISOString(),
  }
}
