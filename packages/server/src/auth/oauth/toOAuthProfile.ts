import { z } from 'zod'

/** The identity a provider vouches for, in Satchel's words. */
export type OAuthProfile = {
  subject: string
  email: string | null
  name: string | null
  username: string | null
}

const id = z.union([z.string().min(1).max(255), z.number().int().nonnegative()]).transform(String)
// Profile fields are display data: a wrong type or an absurd length is dropped, never an error.
const text = z
  .unknown()
  .transform((value) => (typeof value === 'string' && value.length > 0 && value.length <= 320 ? value : null))

const claimsSchema = z.looseObject({
  sub: id.optional(),
  id: id.optional(),
  email: text.optional(),
  name: text.optional(),
  global_name: text.optional(),
  preferred_username: text.optional(),
  login: text.optional(),
  username: text.optional(),
})
// X wraps its user in `data`.
const wrappedSchema = z.looseObject({ data: z.looseObject({ id }) })

/**
 * Reads the identity out of id_token claims or a userinfo answer, whichever shape the provider uses:
 * OpenID (`sub`, `preferred_username`), GitHub (`id`, `login`), Discord (`id`, `global_name`) or X
 * (`data.id`, `data.username`). Undefined when there is no subject.
 *
 * @example
 * toOAuthProfile({ id: 583231, login: 'octocat', name: 'The Octocat', email: null })
 * // { subject: '583231', email: null, name: 'The Octocat', username: 'octocat' }
 */
export function toOAuthProfile(claims: unknown): OAuthProfile | undefined {
  const wrapped = wrappedSchema.safeParse(claims)
  const parsed = claimsSchema.safeParse(wrapped.success ? wrapped.data.data : claims)
  if (!parsed.success) return undefined
  const c = parsed.data
  const subject = c.sub ?? c.id
  if (subject === undefined) return undefined
  return {
    subject,
    email: c.email ?? null,
    name: c.name ?? c.global_name ?? null,
    username: c.preferred_username ?? c.login ?? c.username ?? null,
  }
}
