import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../context'
import { readAuth } from '../guards/readAuth'
import { mintSessionTokens } from '../sessions/issueSession'
import { userJsonSchema } from '../sessions/schemas'
import { toUserJson } from './usersRepository'

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/users/me',
      {
        config: { guard: 'user' },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user, with a fresh identity token',
          response: { 200: z.object({ user: userJsonSchema, identity_token: z.string() }) },
        },
      },
      async (request) => {
        const auth = readAuth(request)
        const user = await ctx.users.requireUser(auth.userId)
        const { identityToken } = await mintSessionTokens(ctx, auth.app, user, auth.sessionId)
        return { user: toUserJson(user), identity_token: identityToken }
      },
    )

    app.post(
      '/api/v1/users/me/accept_terms',
      {
        config: { guard: 'user' },
        schema: {
          tags: ['users'],
          summary: "Record that the user accepted the app's terms",
          response: { 200: userJsonSchema },
        },
      },
      async (request) => {
        const auth = readAuth(request)
        await ctx.users.acceptTerms(auth.userId)
        return toUserJson(await ctx.users.requireUser(auth.userId))
      },
    )
  }
}
