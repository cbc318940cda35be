import type { FastifyRequest } from 'fastify'
import { readAppSecretCaller } from './readAppSecretCaller'

/**
 * Who made an admin request, as the audit log and webhooks name them. Today only an app secret
 * (by its id, never the secret); the console adds the operator kind beside it.
 */
export type AdminActor = { kind: 'app_secret'; id: string }

/**
 * Who acted on an `app` route, for every audited admin write: the one place handlers learn it, so a
 * new kind of caller (an operator's token) is named everywhere at once.
 *
 * @example
 * await writeAudit(ctx.db, { ..., details: { actor: readAdminActor(request) } })
 */
export function readAdminActor(request: FastifyRequest): AdminActor {
  const caller = readAppSecretCaller(request)
  return { kind: 'app_secret', id: caller.secretId }
}
