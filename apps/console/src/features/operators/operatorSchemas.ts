import { z } from 'zod'

/** The console's roles, most powerful first: owners also manage operators, viewers only read. */
export const OPERATOR_ROLES = ['owner', 'admin', 'viewer'] as const
export const operatorRoleSchema = z.enum(OPERATOR_ROLES)
export type OperatorRole = z.infer<typeof operatorRoleSchema>

/** An operator, or an invitation not yet taken up, as `/api/v1/console/operators` lists it (camelCased). */
export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  userId: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
})
export type Operator = z.infer<typeof operatorSchema>

export const operatorListSchema = z.object({ data: z.array(operatorSchema) })
