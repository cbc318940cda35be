import { z } from 'zod'

/** The client's P-256 session key (public half); wallet requests of the session must be signed by it. */
export const sessionPublicKeySchema = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  })
  .strip()

export type SessionPublicKey = z.output<typeof sessionPublicKeySchema>

export const loginModeSchema = z.enum(['login-or-sign-up', 'no-signup']).default('login-or-sign-up')

export const userJsonSchema = z.object({
  id: z.string(),
  created_at: z.number(),
  has_accepted_terms: z.boolean(),
  is_guest: z.boolean(),
  linked_accounts: z.array(z.looseObject({ type: z.string() })),
  mfa_methods: z.array(z.string()),
})

export const authenticatedUserSchema = z.object({
  token: z.string().nullable(),
  refresh_token: z.string().nullable(),
  identity_token: z.string().optional(),
  user: userJsonSchema,
  is_new_user: z.boolean(),
})

export const errorSchema = z.object({ error: z.string(), code: z.string() })
