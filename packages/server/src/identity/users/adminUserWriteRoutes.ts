import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminRoute, userIdParams } from '../appSecrets/adminRoute'
import { readAdminActor } from '../appSecrets/readAdminActor'
import { readAppSecretCaller } from '../appSecrets/readAppSecretCaller'
import type { ServerContext } from '../context'
import { adminAccountSchema } from './adminUserInput'
import { createAdminUser } from './createAdminUser'
import { deleteAdminUser } from './deleteAdminUser'
import { restoreAdminUser } from './restoreAdminUser'
import { adminUserSchema } from './toAdminUser'
import { readAdminUser } from './toAdminUsers'

/**
 * The app's backend making, deleting and restoring its users. None is a GET route, so a read-only
 * secret is refused all three by the `app` guard; each is audited with who did it.
 */
export function adminUserWriteRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/users',
      adminRoute('Make a user with linked accounts and pregenerated wallets (found at their first login)', {
        body: z
          .object({
            linked_accounts: z.array(adminAccountSchema).min(1).max(10),
            wallets: z
              .array(z.object({ chain_type: z.enum(['ethereum', 'solana']) }).strict())
              .max(2)
              .default([]),
          })
          .strict(),
        response: { 200: adminUserSchema },
      }),
      async (request) => {
        const caller = readAdminCall(request)
        const userId = await createAdminUser(ctx, {
          ...caller,
          accounts: request.body.linked_accounts,
          chainTypes: request.body.wallets.map((wallet) => wallet.chain_type),
        })
        return readAdminUser(ctx, caller.app.id, userId)
      },
    )

    app.delete(
      '/api/v1/users/:user_id',
      adminRoute(
        "Delete a user: sessions and wallets revoked at once; restorable until the app's grace period ends",
        {
          params: userIdParams,
          response: { 200: z.object({ id: z.string(), deleted_at: z.string(), purge_after: z.string() }) },
        },
      ),
      async (request) => {
        const deleted = await deleteAdminUser(ctx, {
          ...readAdminCall(request),
          userId: request.params.user_id,
        })
        return {
          id: deleted.id,
          deleted_at: deleted.deletedAt.toISOString(),
          purge_after: deleted.purgeAfter.toISOString(),
        }
      },
    )

    app.post(
      '/api/v1/users/:user_id/restore',
      adminRoute('Undo a deletion before its grace period ends', {
        params: userIdParams,
        body: z.object({}).strict().optional(),
        response: { 200: adminUserSchema },
      }),
      async (request) => {
        const caller = readAppSecretCaller(request)
        await restoreAdminUser(ctx, {
          app: caller.app,
          actor: readAdminActor(request),
          userId: request.params.user_id,
        })
        return readAdminUser(ctx, caller.app.id, request.params.user_id)
      },
    )
  }
}

/** The app a write is for and who makes it (audited). */
function readAdminCall(request: FastifyRequest) {
  return { app: readAppSecretCaller(request).app, actor: readAdminActor(request) }
}
