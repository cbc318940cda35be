import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../context'
import { type AppSecretInfo, createAppSecret, deleteAppSecret, listAppSecrets } from './appSecrets'
import { readAppSecretCaller } from './readAppSecretCaller'

const access = z.enum(['full', 'read_only'])

const secretInfo = z.object({
  id: z.string(),
  prefix: z.string(),
  access,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** True for the secret this request was made with. */
  current: z.boolean(),
})

/**
 * The app's own secrets, managed by its backend: list (prefix and last use, never the secret), make
 * (shown once) and delete. Making and deleting are not GET routes, so the `app` guard already refuses
 * them to a read-only secret: a leaked read-only secret cannot mint itself a full one. Every query is
 * scoped to the app the secret belongs to, so app A's secret never sees or touches app B's.
 */
export function secretRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/apps/secrets',
      {
        schema: {
          tags: ['admin'],
          summary: "The app's secrets (prefix, access and last use; never the secret)",
          security: [{ appSecret: [] }],
          response: { 200: z.object({ data: z.array(secretInfo) }) },
        },
        config: { guard: 'app' },
      },
      async (request) => {
        const caller = readAppSecretCaller(request)
        const secrets = await listAppSecrets(ctx.db, caller.app.id)
        return { data: secrets.map((secret) => toJson(secret, caller.secretId)) }
      },
    )

    app.post(
      '/api/v1/apps/secrets',
      {
        schema: {
          tags: ['admin'],
          summary: 'Make an app secret (the answer is the only time the secret is shown)',
          security: [{ appSecret: [] }],
          body: z.object({ access: access.default('full') }).strict(),
          response: { 200: secretInfo.extend({ secret: z.string() }) },
        },
        config: { guard: 'app' },
      },
      async (request) => {
        const caller = readAppSecretCaller(request)
        const { info, secret } = await createAppSecret(ctx.db, caller.app.id, request.body.access)
        ctx.apps.forgetSecrets(caller.app.id)
        return { ...toJson(info, caller.secretId), secret }
      },
    )

    app.delete(
      '/api/v1/apps/secrets/:secret_id',
      {
        schema: {
          tags: ['admin'],
          summary: "Delete an app secret (never the app's last full-access one)",
          security: [{ appSecret: [] }],
          params: z.object({ secret_id: z.string().min(1).max(64) }),
          response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) },
        },
        config: { guard: 'app' },
      },
      async (request) => {
        const caller = readAppSecretCaller(request)
        await deleteAppSecret(ctx.db, caller.app.id, request.params.secret_id)
        ctx.apps.forgetSecrets(caller.app.id)
        return { id: request.params.secret_id, deleted: true as const }
      },
    )
  }
}

function toJson(secret: AppSecretInfo, currentId: string) {
  return {
    id: secret.id,
    prefix: secret.prefix,
    access: secret.access,
    created_at: secret.createdAt.toISOString(),
    last_used_at: secret.lastUsedAt?.toISOString() ?? null,
    current: secret.id === currentId,
  }
}
