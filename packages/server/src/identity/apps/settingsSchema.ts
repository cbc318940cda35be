import { appSettingsJsonSchema } from '@satchel/core/admin'
import { z } from 'zod'
import { emailSchema } from '../otp/codeSchemas'
import { loginMethods, mfaRequirements, walletsOnLoginValues } from './types'

const MAX_LIST_ENTRIES = 1000

// A DNS name: labels of letters, digits and hyphens, at least one dot, lower-cased.
const domainSchema = z
  .string()
  .max(253)
  .transform((d) => d.trim().toLowerCase())
  .pipe(
    z.string().regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain name'),
  )

const listFields = {
  emails: z.array(emailSchema).max(MAX_LIST_ENTRIES),
  domains: z.array(domainSchema).max(MAX_LIST_ENTRIES),
  // Phones and addresses are normalised (E.164, lower-case EVM) by applySettingsPatch, which names the
  // entry it refuses.
  phones: z.array(z.string().min(3).max(32)).max(MAX_LIST_ENTRIES),
  wallet_addresses: z.array(z.string().min(32).max(64)).max(MAX_LIST_ENTRIES),
}

/**
 * The body of `PATCH /api/v1/apps/settings`: any of the view's fields but `id` (a list replaces the
 * whole list). The rules that need the app or the server (production origins, the user cap, phones
 * and addresses) are applied by `applySettingsPatch`.
 */
export const appSettingsPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    mode: z.enum(['development', 'production']),
    dev_user_limit: z.number().int().min(1),
    login_methods: z.array(z.enum(loginMethods)).min(1).max(loginMethods.length),
    allowed_origins: z.array(z.string().min(1).max(255)).max(100),
    mfa_requirement: z.enum(mfaRequirements),
    allowlist: z
      .object({ enabled: z.boolean(), ...listFields })
      .partial()
      .strict(),
    denylist: z.object(listFields).partial().strict(),
    terms_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable(),
    wallets_on_login: z.enum(walletsOnLoginValues),
    deletion_grace_days: z.number().int().min(0).max(365),
  })
  .partial()
  .strict()

export type AppSettingsPatch = z.infer<typeof appSettingsPatchSchema>

/**
 * `AppSettingsView`, as GET and PATCH answer it: the shape its readers check (@satchel/core/admin),
 * with the login methods this server knows.
 */
export const appSettingsViewSchema = appSettingsJsonSchema.extend({
  dev_user_limit: z.number().int(),
  login_methods: z.array(z.enum(loginMethods)),
  deletion_grace_days: z.number().int(),
})
