import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../context'
import { listOAuthProviders } from './listOAuthProviders'

const appIdParams = z.object({ app_id: z.string().min(1).max(64) })

/** Public app configuration and token verification keys: no auth, safe to cache. */
export function appRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/apps/:app_id',
      {
        schema: {
          tags: ['apps'],
          summary: "An app's public configuration",
          params: appIdParams,
          response: {
            200: z.object({
              id: z.string(),
              name: z.string(),
              mode: z.enum(['development', 'production']),
              login_methods: z.array(z.string()),
              oauth_providers: z.array(z.string()),
              allowed_origins: z.array(z.string()),
              require_terms: z.boolean(),
              cookie_mode: z.boolean(),
              verification_keys: z.array(z.looseObject({ kid: z.string() })),
            }),
          },
        },
        // The app id is in the path: public configuration anyone (an app's backend too) may read.
        config: { guard: 'none' },
      },
      async (request) => {
        const found = await ctx.apps.getApp(request.params.app_id)
        if (!found) throw new ApiError('app_not_found')
        return {
          id: found.id,
          name: found.name,
          mode: found.mode,
          login_methods: found.loginMethods,
          oauth_providers: listOAuthProviders(found),
          allowed_origins: found.allowedOrigins,
          require_terms: found.requireTerms,
          cookie_mode: found.cookieMode,
          verification_keys: await ctx.keys.getPublicKeys(found.id),
        }
      },
    )

    app.get(
      '/api/v1/apps/:app_id/jwks.json',
      {
        schema: {
          tags: ['apps'],
          summary: "The keys that verify the app's access and identity tokens",
          params: appIdParams,
          response: { 200: z.object({ keys: z.array(z.looseObject({ kid: z.string() })) }) },
        },
        // Verification keys, fetched by app backends with no Satchel credential at all.
        config: { guard: 'none' },
      },
      async (request, reply) => {
        const found = await ctx.apps.getApp(request.params.app_id)
        if (!found) throw new ApiError('app_not_found')
        // A new app gets its first key on first use; publish it before any token exists.
        if ((await ctx.keys.getPublicKeys(found.id)).length === 0) await ctx.keys.getActiveKey(found.id)
        const published = await ctx.keys.getPublicKeys(found.id)
        reply.header('cache-control', 'public, max-age=300')
        return { keys: published }
      },
    )
  }
}
