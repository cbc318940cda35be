import { getOperatorAccess, type OperatorAccess } from './getOperatorAccess'
import { useSignedInOperator } from './useSignedInOperator'

/**
 * What the current screen may offer the signed-in operator (see getOperatorAccess): read once per
 * screen and handed to its parts, since each read of the SDK asks the server on its own.
 *
 * @example
 * const access = useOperatorAccess()
 * return access === 'change' ? <AddEndpointForm /> : access === 'read' ? <p className="muted">…</p> : null
 */
export function useOperatorAccess(): OperatorAccess {
  const { status, data } = useSignedInOperator()
  return getOperatorAccess({ status, role: data?.role })
}
