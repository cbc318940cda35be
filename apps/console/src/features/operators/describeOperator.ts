import { formatTime } from '../users/userSchemas'
import type { Operator, OperatorRole } from './operatorSchemas'

/** What each role may do, as the role picker and the list say it. */
export const ROLE_DESCRIPTIONS: Record<OperatorRole, string> = {
  owner: 'Owner: everything, including who operates the console',
  admin: 'Admin: changes every app, not the operators',
  viewer: 'Viewer: reads only',
}

/** A role's name for a badge. */
export const describeRole = (role: OperatorRole) => role.charAt(0).toUpperCase() + role.slice(1)

/**
 * The line under an operator's email: since when, or that the invitation waits for them to sign in
 * with that email.
 *
 * @example
 * describeOperator({ acceptedAt: null, createdAt: '2026-01-02T10:00:00Z' }) // 'Invited 02/01/2026, …: not signed in yet'
 */
export function describeOperator(operator: Pick<Operator, 'acceptedAt' | 'createdAt'>): string {
  return operator.acceptedAt
    ? `Operator since ${formatTime(operator.acceptedAt)}`
    : `Invited ${formatTime(operator.createdAt)}: not signed in yet`
}

/**
 * The question asked before an operator is removed, naming them; removing oneself says so, since the
 * console closes for them at their next step.
 *
 * @example
 * confirmRemoveOperator({ email: 'ops@example.com', acceptedAt: null }, false)
 */
export function confirmRemoveOperator(
  operator: Pick<Operator, 'email' | 'acceptedAt'>,
  isSelf: boolean,
): string {
  if (isSelf) return `Remove yourself (${operator.email})? You lose access to this console at once.`
  if (!operator.acceptedAt) return `Withdraw the invitation of ${operator.email}?`
  return `Remove ${operator.email}? They lose access to this console at once.`
}
