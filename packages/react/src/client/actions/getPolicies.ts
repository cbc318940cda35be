import type { SatchelClient } from '../createSatchelClient'
import { isRecord } from '../parse'
import type { ReadParameters } from './readParameters'

/** A policy the user can read: the app's own, or one the user made for a delegated signer. */
export type Policy = {
  id: string
  name: string
  /** `ethereum` or `solana`. */
  chainType: string
  /** Made by the app (its server), not by the user. */
  ownedByApp: boolean
  /** How many rules it has. */
  ruleCount: number
}

/**
 * The policies the user can read (`GET /api/v1/policies`): those naming what a delegated signer may do.
 *
 * @example
 * const policies = await getPolicies(client)
 * policies.find((policy) => policy.id === signer.policyIds[0])?.name
 */
export async function getPolicies(client: SatchelClient, { signal }: ReadParameters = {}): Promise<Policy[]> {
  const answer = await client.request({ method: 'GET', path: '/api/v1/policies', auth: true, signal })
  const list: unknown[] = isRecord(answer) && Array.isArray(answer.data) ? answer.data : []
  return list.flatMap((policy): Policy[] =>
    isRecord(policy) && typeof policy.id === 'string' && typeof policy.name === 'string'
      ? [
          {
            id: policy.id,
            name: policy.name,
            chainType: typeof policy.chainType === 'string' ? policy.chainType : 'ethereum',
            ownedByApp: policy.ownerId === null,
            ruleCount: Array.isArray(policy.rules) ? policy.rules.length : 0,
          },
        ]
      : [],
  )
}
