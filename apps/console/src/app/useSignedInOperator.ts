import { z } from 'zod'
import { operatorRoleSchema } from '../features/operators/operatorSchemas'
import { useAdminRead } from '../shared/api/useAdminRead'

const signedInOperatorSchema = z.object({ email: z.string(), role: operatorRoleSchema })

/**
 * Who is signed in to the console and their role (`GET /api/v1/console/me`), so a screen offers a
 * viewer no changes from the start. The server still decides: the role only hides what it would refuse.
 *
 * @example
 * const role = useSignedInOperator().data?.role // screens use useOperatorAccess
 */
export function useSignedInOperator() {
  return useAdminRead({ path: '/api/v1/console/me', schema: signedInOperatorSchema })
}
