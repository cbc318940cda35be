import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { App } from '../apps/types'
import type { OperatorActor } from '../guards/routeGuard'
import type { OperatorRole } from './operators'

/**
 * The operator on a `console` route, as its guard established them, who must hold one of `roles`.
 *
 * @throws {ApiError} `operator_role_required` for an operator of another role.
 * @example
 * const { operator } = readConsoleCaller(request, ['owner'])
 */
export function readConsoleCaller(
  request: FastifyRequest,
  roles: readonly OperatorRole[],
): { operatorApp: App; operator: OperatorActor } {
  const guarded = request.guarded
  if (guarded?.kind !== 'console')
    throw new Error(`${request.routeOptions.url}: its guard establishes no operator`)
  if (!roles.includes(guarded.operator.role))
    throw new ApiError('operator_role_required', {
      message: `Only ${roles.join(' or ')} operators can do this`,
    })
  return { operatorApp: guarded.app, operator: guarded.operator }
}
