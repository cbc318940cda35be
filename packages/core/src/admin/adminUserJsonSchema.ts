import { z } from 'zod'

const text = z.string()

/**
 * `AdminUser`, as the admin API answers a user (and each line of the export): the server answers by
 * it, @satchel/node and the console read by it. A linked account carries only its type's fields.
 */
export const adminUserJsonSchema = z.object({
  id: text,
  created_at: text,
  last_active_at: text.nullable(),
  deleted_at: text.nullable(),
  purge_after: text.nullable(),
  linked_accounts: z.array(
    z
      .object({
        address: text,
        number: text,
        chain_type: text,
        provider: text,
        subject: text,
        verified_at: text,
      })
      .partial()
      .extend({ type: text, email: text.nullable().optional(), created_at: text }),
  ),
  wallets: z.array(
    z.object({
      id: text,
      address: text,
      chain_type: z.enum(['ethereum', 'solana']),
      created_at: text,
      revoked_at: text.nullable(),
    }),
  ),
  mfa_methods: z.array(text),
  has_accepted_terms: z.boolean(),
})

export type AdminUserJson = z.infer<typeof adminUserJsonSchema>
