import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { writeAudit } from '../../platform/audit/writeAudit'
import { readAdminActor } from '../appSecrets/readAdminActor'
import type { ServerContext } from '../context'
import { inviteOperator, listOperators, OPERATOR_ROLES, type Operator, removeOperator } from './operators'
import { readConsoleCaller } from './readConsoleCaller'

const operatorJson = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  user_id: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
})

/**
 * Who operates the console: any operator reads their own role (`/me`); the owner lists, invites (or
 * changes the role of) an email and removes. The
 * `console` guard has already asked for the session key's signature and a step-up on the two writes,
 * so a stolen access token of an owner cannot make its thief an operator.
 */
export function operatorRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['console'], security: [{ bearer: [] }] }
    app.get(
      '/api/v1/console/me',
      {
        schema: {
          ...schema,
          summary: 'The signed-in operator: email and role (what the console may offer them)',
          response: { 200: z.object({ email: z.string(), role: z.enum(OPERATOR_ROLES) }) },
        },
        config: { guard: 'console' },
      },
      async (request) => {
        const { operator } = readConsoleCaller(request, OPERATOR_ROLES)
        return { email: operator.email, role: operator.role }
      },
    )

    app.get(
      '/api/v1/console/operators',
      {
        schema: {
          ...schema,
          summary: "The console's operators and pending invitations",
          response: { 200: z.object({ data: z.array(operatorJson) }) },
        },
        config: { guard: 'console' },
      },
      async (request) => {
        readConsoleCaller(request, ['owner'])
        return { data: (await listOperators(ctx.db)).map(toOperatorJson) }
      },
    )

    app.post(
      '/api/v1/console/operators',
      {
        schema: {
          ...schema,
          summary: 'Invite an email as an operator (or change its role)',
          body: z.object({ email: z.email().max(254), role: z.enum(OPERATOR_ROLES) }).strict(),
          response: { 200: operatorJson },
        },
        config: { guard: 'console' },
      },
      async (request) => {
        const { operator } = readConsoleCaller(request, ['owner'])
        const invited = await inviteOperator(ctx.db, { ...request.body, invitedBy: operator.email })
        await writeAudit(ctx.db, {
          action: 'operator.invited',
          outcome: 'success',
          details: { actor: readAdminActor(request), operator_id: invited.id, role: invited.role },
        })
        return toOperatorJson(invited)
      },
    )

    app.delete(
      '/api/v1/console/operators/:operator_id',
      {
        schema: {
          ...schema,
          summary: 'Remove an operator or withdraw an invitation (never the last owner)',
          params: z.object({ operator_id: z.string().min(1).max(64) }),
          response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) },
        },
        config: { guard: 'console' },
      },
      async (request) => {
        readConsoleCaller(request, ['owner'])
        await removeOperator(ctx.db, request.params.operator_id)
        await writeAudit(ctx.db, {
          action: 'operator.removed',
          outcome: 'success',
          details: { actor: readAdminActor(request), operator_id: request.params.operator_id },
        })
        return { id: request.params.operator_id, deleted: true as const }
      },
    )
  }
}

/** An operator as the API shows it: snake_case, ISO times, never who invited them. */
function toOperatorJson({ id, email, role, userId, createdAt, acceptedAt }: Operator) {
  return {
    id,
    email,
    role,
    user_id: userId,
    created_at: createdAt.toISOString(),
    accepted_at: acceptedAt?.toISOString() ?? null,
  }
}
