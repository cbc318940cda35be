import { adminUserJsonSchema, camelizeSchema } from '@satchel/core/admin'
import { z } from 'zod'

/** `AdminUser` (the admin API's user), camelCased by the SDK. */
export const adminUserSchema = camelizeSchema(adminUserJsonSchema)
export type AdminUser = z.infer<typeof adminUserSchema>
export type AdminLinkedAccount = AdminUser['linkedAccounts'][number]

export const userListSchema = z.object({ data: z.array(adminUserSchema), nextCursor: z.string().nullable() })

export const sessionListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      expiresAt: z.string().nullable(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
})

/** How a linked account reads in a table: its type and its identifier. */
export function describeAccount(account: AdminLinkedAccount): string {
  const id = account.address ?? account.number ?? account.subject ?? ''
  const kind = account.provider ? `${account.type} (${account.provider})` : account.type
  return id ? `${kind}: ${id}` : kind
}

/** A date and time for a table, in the operator's locale. */
export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—')
