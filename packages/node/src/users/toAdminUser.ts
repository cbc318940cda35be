import { z } from 'zod'
import { type Camelized, camelize } from '../api/camelize'

const text = z.string()

const adminUserJsonSchema = z.object({
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

/** A user of the app as the admin API shows them (times as ISO-8601 strings). */
export type AdminUser = Camelized<z.infer<typeof adminUserJsonSchema>>

/** One way in of a user: only the fields of its type are present. */
export type AdminLinkedAccount = AdminUser['linkedAccounts'][number]

/**
 * The API's `AdminUser` answer, checked and camelCased.
 *
 * @example
 * const user = toAdminUser((await requestApi(context, { method: 'GET', path })).body)
 */
export function toAdminUser(answer: unknown): AdminUser {
  return camelize(adminUserJsonSchema.parse(answer))
}
