import type { OperatorRole } from '../features/operators/operatorSchemas'

/**
 * What a screen offers the signed-in operator: `change` (its write controls), `read` (a viewer: the
 * data and a note saying who makes changes) or `unknown` (the role is still being read: the data
 * only, so no control is shown and then taken away).
 */
export type OperatorAccess = 'change' | 'read' | 'unknown'

export type GetOperatorAccessParameters = {
  status: 'pending' | 'success' | 'error'
  /** The role last read, kept when a later read fails. */
  role: OperatorRole | undefined
}

/**
 * The access a screen offers, from the read of `GET /api/v1/console/me`. A failed read offers the
 * controls: the server still refuses a viewer, and an outage of that one route must not leave an
 * owner or admin unable to change anything.
 *
 * @example
 * getOperatorAccess({ status: 'success', role: 'viewer' }) // 'read'
 */
export function getOperatorAccess({ status, role }: GetOperatorAccessParameters): OperatorAccess {
  if (role !== undefined) return role === 'viewer' ? 'read' : 'change'
  return status === 'error' ? 'change' : 'unknown'
}
