import { ApiError } from '@satchel/core'
import canonicalize from 'canonicalize'
import type { ServerContext } from '../../identity/context'
import { createId } from '../../platform/crypto/tokens'
import { camelizeRow } from '../../platform/db/camelizeRow'
import type { Db } from '../../platform/db/createDatabase'
import { countPolicyUses } from '../walletsRepository'
import type { PolicyChainType } from './policyFields'
import type { Policy, PolicyRule } from './policySchema'

type PolicyRow = {
  id: string
  app_id: string
  owner_user_id: string | null
  name: string
  chain_type: PolicyChainType
  rules: PolicyRule[]
  created_at: Date
  updated_at: Date
}

/**
 * Stores a new policy (its rules already checked with `assertPolicyRules`).
 *
 * @example
 * const policy = await insertPolicy(ctx, { appId, ownerUserId: null, name: 'caps', chainType: 'ethereum', rules })
 */
export async function insertPolicy(
  ctx: ServerContext,
  input: Pick<Policy, 'appId' | 'ownerUserId' | 'name' | 'chainType' | 'rules'>,
): Promise<Policy> {
  const now = new Date(ctx.now())
  const [row] = await ctx.db.query<PolicyRow>(
    `insert into policies (id, app_id, owner_user_id, name, chain_type, rules, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning *`,
    [
      createId('policy'),
      input.appId,
      input.ownerUserId,
      input.name,
      input.chainType,
      JSON.stringify(input.rules),
      now,
    ],
  )
  if (!row) throw new Error('insert returned nothing')
  return toPolicy(row)
}

/** One policy of an app, or undefined (another app's policy is as absent as a missing one). */
export async function getPolicy(ctx: ServerContext, appId: string, id: string): Promise<Policy | undefined> {
  const [row] = await ctx.db.query<PolicyRow>('select * from policies where id = $1 and app_id = $2', [
    id,
    appId,
  ])
  return row && toPolicy(row)
}

/** The policies with these ids, in any order; ids that name nothing are simply not in the answer. */
export async function listPoliciesByIds(db: Db, ids: readonly string[]): Promise<Policy[]> {
  if (ids.length === 0) return []
  const rows = await db.query<PolicyRow>('select * from policies where id = any($1)', [ids])
  return rows.map(toPolicy)
}

/**
 * An app's policies, oldest first: all of them, or with `userId` those a user may see (their own and
 * the app's).
 */
export async function listAppPolicies(db: Db, appId: string, userId: string | null): Promise<Policy[]> {
  const rows = await db.query<PolicyRow>(
    `select * from policies where app_id = $1 and ($2::text is null or owner_user_id is null or owner_user_id = $2)
     order by created_at, id limit 500`,
    [appId, userId],
  )
  return rows.map(toPolicy)
}

/**
 * Changes a policy's name and/or rules; answers the policy as stored. With `keepConsentedRules` (the
 * app's backend changing its own policy), new rules are refused while a live delegated signer was
 * consented to under this policy, as one of its own or of the wallet's: the user agreed to these
 * rules, not to whatever the app sets later.
 */
export async function updatePolicy(
  ctx: ServerContext,
  policy: Policy,
  changes: { name?: string | undefined; rules?: PolicyRule[] | undefined },
  { keepConsentedRules = false }: { keepConsentedRules?: boolean } = {},
): Promise<Policy> {
  return ctx.db.transaction(async (tx) => {
    // The row lock orders this change after any consent under way (it holds a share lock on the row).
    await tx.query('select id from policies where id = $1 for update', [policy.id])
    if (keepConsentedRules && changes.rules && canonicalize(changes.rules) !== canonicalize(policy.rules)) {
      const [row] = await tx.query<{ signers: number }>(
        `select count(*)::int as signers from wallet_signers
         where revoked_at is null and ($1 = any(policy_ids) or $1 = any(wallet_policy_ids))`,
        [policy.id],
      )
      if ((row?.signers ?? 0) > 0) {
        throw new ApiError('invalid_data', {
          message:
            'The rules of a policy that users consented to for a delegated signer cannot change; create a new policy and ask for consent to it',
        })
      }
    }
    const [row] = await tx.query<PolicyRow>(
      'update policies set name = $2, rules = $3, updated_at = $4 where id = $1 returning *',
      [
        policy.id,
        changes.name ?? policy.name,
        JSON.stringify(changes.rules ?? policy.rules),
        new Date(ctx.now()),
      ],
    )
    if (!row) throw new Error('update returned nothing')
    return toPolicy(row)
  })
}

/**
 * Deletes a policy unless something uses it ({@link countPolicyUses}); true when it was deleted. A
 * policy in use is not deleted: the wallet would silently lose a DENY (or fall back from
 * default-deny to allow-all).
 */
export async function deletePolicy(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The row lock keeps a concurrent attach from slipping in between the count and the delete.
    await tx.query('select id from policies where id = $1 for update', [id])
    if ((await countPolicyUses(tx, id)) > 0) return false
    await tx.query('delete from policies where id = $1', [id])
    return true
  })
}

/** The policy as the API answers it. */
export function toPolicyResponse(policy: Policy) {
  return {
    id: policy.id,
    name: policy.name,
    chain_type: policy.chainType,
    owner_id: policy.ownerUserId,
    rules: policy.rules,
    created_at: Math.floor(policy.createdAt.getTime() / 1000),
    updated_at: Math.floor(policy.updatedAt.getTime() / 1000),
  }
}

function toPolicy(row: PolicyRow): Policy {
  return camelizeRow(row)
}
