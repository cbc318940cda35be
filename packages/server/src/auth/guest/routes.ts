import { createHash } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'

/**
 * Guest accounts: the client keeps 32 random bytes and presents them to sign in again. Only their
 * SHA-256 is stored (the credential is high-entropy, so the hash cannot be reversed), and the guest
 * can later link an email or a wallet to keep the account. A guest credential is never linked.
 */
export function guestRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'guest',
      method: 'guest',
      guest: true,
      proof: { guest_credential: z.string().regex(/^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url') },
      async verify(_app, body) {
        const subject = createHash('sha256').update(body.guest_credential).digest('hex')
        return { type: 'guest', subject, details: {} }
      },
      summaries: { authenticate: 'Sign in (or up) as a guest with a client-held credential' },
    })
  }
}
