import { ApiError } from '@satchel/core'

/**
 * True when the server refused the operator for their role (a viewer writing, a non-owner on the
 * owner-only routes). The server tells the console no role before it refuses, so this is how a
 * screen learns to stop offering what the operator may not do.
 *
 * @example
 * if (isRoleRefusal(state.error)) setReadOnly(true)
 */
export function isRoleRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'operator_role_required'
}
