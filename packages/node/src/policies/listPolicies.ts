import { z } from 'zod'
import { requestApi } from '../api/requestApi'
import type { SatchelNodeContext } from '../types'
import { type Policy, toPolicy } from './toPolicy'

const listSchema = z.object({ data: z.array(z.unknown()) })

/**
 * The app's policies, its own and its users'.
 *
 * @example
 * const policies = await listPolicies(context)
 */
export async function listPolicies(context: SatchelNodeContext): Promise<Policy[]> {
  const { body } = await requestApi(context, { method: 'GET', path: '/api/v1/policies' })
  return listSchema.parse(body).data.map(toPolicy)
}
