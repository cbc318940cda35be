import { describe, expect, it } from 'vitest'
import { adminUserJsonSchema } from './adminUserJsonSchema'
import { camelizeSchema } from './camelizeSchema'

const adminUserSchema = camelizeSchema(adminUserJsonSchema)

const camelCased = {
  id: 'usr_1',
  createdAt: '2026-11-27T00:00:00.000Z',
  lastActiveAt: null,
  deletedAt: null,
  purgeAfter: null,
  linkedAccounts: [{ type: 'email', address: 'ada@example.com', createdAt: '2026-11-27T00:00:00.000Z' }],
  wallets: [{ id: 'w_1', address: '0xabc', chainType: 'ethereum', createdAt: 'x', revokedAt: null }],
  mfaMethods: [],
  hasAcceptedTerms: false,
}

describe('camelizeSchema (the admin API shapes as a camelCasing SDK answers them)', () => {
  it('reads the camelCased answer with the same checks, optional and nullable fields kept so', () => {
    expect(adminUserSchema.parse(camelCased)).toEqual(camelCased)
    expect(adminUserSchema.safeParse({ ...camelCased, lastActiveAt: undefined }).success).toBe(false)
    expect(
      adminUserSchema.safeParse({
        ...camelCased,
        wallets: [{ ...camelCased.wallets[0], chainType: 'bitcoin' }],
      }).success,
    ).toBe(false)
  })

  it('refuses the answer under its API names', () => {
    expect(adminUserSchema.safeParse({ ...camelCased, createdAt: undefined, created_at: 'x' }).success).toBe(
      false,
    )
  })
})
