import { readList } from '../api/readList'
import { requestJson } from '../api/requestJson'
import type { SatchelNodeContext } from '../types'
import { type Policy, toPolicy } from './toPolicy'

/**
 * The app's policies, its own and its users'.
 *
 * @example
 * const policies = await listPolicies(context)
 */
export async function listPolicies(context: SatchelNodeContext): Promise<Policy[]> {
  return requestJson(context, { method: 'GET', path: '/api/v1/policies' }, readList(toPolicy))
}
