import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { type Caller, readCaller } from '../../identity/guards/readCaller'
import { recordAudit } from '../../platform/audit/recordAudit'
import { countPolicyUses } from '../walletsRepository'
import { forgetPolicies } from './policyCache'
import { assertPolicyRules, type Policy, policyChainTypeSchema, policyRuleSchema } from './policySchema'
import {
  deletePolicy,
  getPolicy,
  insertPolicy,
  listAppPolicies,
  toPolicyResponse,
  updatePolicy,
} from './policyStore'
import { walletPolicyRoutes } from './walletPolicyRoutes'

// No transforms (trim, defaults) in bodies that may be signed: the signature covers the body as sent.
const nameSchema = z.string().min(1).max(100).regex(/\S/, 'must not be blank')
const rulesSchema = z.array(policyRuleSchema).max(50)

const policyResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  chain_type: policyChainTypeSchema,
  owner_id: z.string().nullable(),
  rules: rulesSchema,
  created_at: z.number(),
  updated_at: z.number(),
})

const policyIdParams = z.object({ policy_id: z.string().min(1).max(100) })
const security = [{ bearer: [] }, { appSecret: [] }]

/**
 * Wallet policies: create, read, list, change and delete, for the app's backend (policies it owns,
 * `owner_id` null) or for a user (their own). Attaching policies to a wallet is
 * `PATCH /api/v1/wallets/:wallet_id/policies` ({@link walletPolicyRoutes}).
 * A user's change (create, change, delete) is `user+signed+stepup`: signed with the session key, with
 * a fresh second factor when enrolled — rules bind delegated signers too, and a stolen access token
 * must not be able to loosen them.
 */
export function policyRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(walletPolicyRoutes(ctx))

    app.post(
      '/api/v1/policies',
      {
        schema: {
          tags: ['policies'],
          summary: 'Create a wallet policy (app backend, or the user for their own wallets)',
          security,
          body: z.object({ name: nameSchema, chain_type: policyChainTypeSchema, rules: rulesSchema }),
          response: { 200: policyResponseSchema },
        },
        config: { guard: ['user+signed+stepup', 'app'] },
      },
      async (request) => {
        const caller = readCaller(request)
        assertPolicyRules(request.body.chain_type, request.body.rules)
        const policy = await insertPolicy(ctx, {
          appId: caller.app.id,
          ownerUserId: caller.kind === 'user' ? caller.auth.userId : null,
          name: request.body.name,
          chainType: request.body.chain_type,
          rules: request.body.rules,
        })
        await audit(ctx, caller, 'policy.create', policy)
        return toPolicyResponse(policy)
      },
    )

    app.get(
      '/api/v1/policies',
      {
        schema: {
          tags: ['policies'],
          summary: "The app's policies (app backend), or the user's own and the app's (user)",
          security,
          response: { 200: z.object({ data: z.array(policyResponseSchema) }) },
        },
        config: { guard: ['user', 'app'] },
      },
      async (request) => {
        const caller = readCaller(request)
        const policies = await listAppPolicies(
          ctx.db,
          caller.app.id,
          caller.kind === 'user' ? caller.auth.userId : null,
        )
        return { data: policies.map(toPolicyResponse) }
      },
    )

    app.get(
      '/api/v1/policies/:policy_id',
      {
        schema: {
          tags: ['policies'],
          summary: 'One policy',
          security,
          params: policyIdParams,
          response: { 200: policyResponseSchema },
        },
        config: { guard: ['user', 'app'] },
      },
      async (request) => {
        const caller = readCaller(request)
        return toPolicyResponse(await requirePolicy(ctx, caller, request.params.policy_id, 'read'))
      },
    )

    app.patch(
      '/api/v1/policies/:policy_id',
      {
        schema: {
          tags: ['policies'],
          summary: "Change a policy's name or rules (a user's change is signed with the session key)",
          security,
          params: policyIdParams,
          body: z.object({ name: nameSchema.optional(), rules: rulesSchema.optional() }),
          response: { 200: policyResponseSchema },
        },
        config: { guard: ['user+signed+stepup', 'app'] },
      },
      async (request) => {
        const caller = readCaller(request)
        const policy = await requirePolicy(ctx, caller, request.params.policy_id, 'write')
        if (request.body.rules) assertPolicyRules(policy.chainType, request.body.rules)
        // A user signs their own change; the app may not change what its users consented to.
        const updated = await updatePolicy(ctx, policy, request.body, {
          keepConsentedRules: caller.kind === 'app',
        })
        await forgetPolicies(ctx, [policy.id])
        await audit(ctx, caller, 'policy.update', updated)
        return toPolicyResponse(updated)
      },
    )

    app.delete(
      '/api/v1/policies/:policy_id',
      {
        schema: {
          tags: ['policies'],
          summary: 'Delete a policy that no wallet or delegated signer uses',
          security,
          params: policyIdParams,
          response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) },
        },
        config: { guard: ['user+signed+stepup', 'app'] },
      },
      async (request) => {
        const caller = readCaller(request)
        const policy = await requirePolicy(ctx, caller, request.params.policy_id, 'write')
        if (!(await deletePolicy(ctx.db, policy.id))) {
          const uses = await countPolicyUses(ctx.db, policy.id)
          throw new ApiError('invalid_data', {
            message: `The policy is in use by ${uses} wallet${uses === 1 ? '' : 's'} or delegated signer${uses === 1 ? '' : 's'}; detach it first`,
          })
        }
        await forgetPolicies(ctx, [policy.id])
        await audit(ctx, caller, 'policy.delete', policy)
        return { id: policy.id, deleted: true as const }
      },
    )
  }
}

/**
 * A policy the caller may see (`read`: the app sees all of its own; a user sees theirs and the app's)
 * or change (`write`: the app its own, a user theirs). Anything else is answered as not found.
 */
async function requirePolicy(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  access: 'read' | 'write',
): Promise<Policy> {
  const policy = await getPolicy(ctx, caller.app.id, id)
  const owner = policy?.ownerUserId ?? null
  const allowed =
    policy !== undefined &&
    (caller.kind === 'app'
      ? access === 'read' || owner === null
      : owner === caller.auth.userId || (access === 'read' && owner === null))
  if (!policy || !allowed) throw new ApiError('not_found', { message: 'Policy not found' })
  return policy
}

async function audit(ctx: ServerContext, caller: Caller, action: string, policy: Policy): Promise<void> {
  await recordAudit(ctx, {
    appId: caller.app.id,
    userId: caller.kind === 'user' ? caller.auth.userId : null,
    sessionId: caller.kind === 'user' ? caller.auth.sessionId : null,
    action,
    outcome: 'success',
    details: { policy_id: policy.id, by: caller.kind, rules: policy.rules.length },
  })
}
