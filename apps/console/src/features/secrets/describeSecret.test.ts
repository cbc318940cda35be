import { describe, expect, it } from 'vitest'
import { confirmDeleteSecret, describeAccess, describeSecret } from './describeSecret'
import { appSecretListSchema, madeSecretSchema } from './secretSchemas'

const listed = {
  id: 'sec_1',
  prefix: 'sk_AbCdE',
  access: 'full',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
  current: false,
}

describe('app secrets as the console shows them', () => {
  it('names the secret by its prefix when asking before it is deleted, and says what stops working', () => {
    expect(confirmDeleteSecret({ prefix: 'sk_AbCdE', access: 'read_only' })).toBe(
      'Delete the read-only secret sk_AbCdE…? Every backend that uses it is refused from now on.',
    )
  })

  it('says a secret was never used rather than showing an empty date, and a used one readably', () => {
    const made = new Date('2026-01-02T10:00:00.000Z').toLocaleString()
    expect(describeSecret(listed)).toBe(`Made ${made} · never used`)
    const used = describeSecret({ ...listed, lastUsedAt: '2026-01-03T11:30:00.000Z' })
    expect(used).toBe(`Made ${made} · last used ${new Date('2026-01-03T11:30:00.000Z').toLocaleString()}`)
    expect(used).not.toContain('T11:30')
  })

  it('words access for people', () => {
    expect(describeAccess('full')).toBe('Full access')
    expect(describeAccess('read_only')).toBe('Read-only')
  })

  it('reads the list without a secret in it, and a made secret only with one', () => {
    expect(appSecretListSchema.parse({ data: [listed] }).data[0]).not.toHaveProperty('secret')
    expect(() => madeSecretSchema.parse(listed)).toThrow()
    expect(madeSecretSchema.parse({ ...listed, secret: 'sk_whole' }).secret).toBe('sk_whole')
  })

  it('refuses an access the console does not know, instead of showing it as full', () => {
    expect(() => appSecretListSchema.parse({ data: [{ ...listed, access: 'admin' }] })).toThrow()
  })
})
