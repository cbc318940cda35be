import { describe, expect, it } from 'vitest'
import { type SettingsForm, settingsSchema, toSettingsForm } from './settingsSchema'
import { toSettingsPatch, validateSettings } from './validateSettings'

const lists = { emails: [], domains: [], phones: [], walletAddresses: [] }
const raw = {
  id: 'app_1',
  name: 'Shop',
  mode: 'development',
  devUserLimit: 150,
  loginMethods: ['email'],
  allowedOrigins: ['https://shop.example'],
  mfaRequirement: 'off',
  allowlist: { enabled: false, ...lists },
  denylist: lists,
  termsUrl: null,
  walletsOnLogin: 'ethereum',
  deletionGraceDays: 30,
}
const form: SettingsForm = toSettingsForm(settingsSchema.parse(raw))

describe('validateSettings (what the settings form says as the operator types)', () => {
  it('shows a server with no development user cap as an empty limit, and sends none when saved', () => {
    const uncapped = toSettingsForm(settingsSchema.parse({ ...raw, devUserLimit: 0 }))
    expect(uncapped.devUserLimit).toBe('')
    expect(validateSettings(uncapped)).toEqual({})
    expect(toSettingsPatch(uncapped)).not.toHaveProperty('devUserLimit')
    expect(toSettingsPatch({ ...uncapped, devUserLimit: '40' }).devUserLimit).toBe(40)
  })

  it('accepts the settings the server answered', () => {
    expect(validateSettings(form)).toEqual({})
  })

  it('names an origin with a path, and http in production (but not for localhost)', () => {
    expect(validateSettings({ ...form, origins: 'https://shop.example/app' }).origins).toBe(
      'https://shop.example/app has more than scheme://host[:port] (no path, no trailing slash)',
    )
    expect(validateSettings({ ...form, mode: 'production', origins: 'http://shop.example' }).origins).toBe(
      'http://shop.example: production apps need https (except localhost)',
    )
    expect(
      validateSettings({ ...form, mode: 'production', origins: 'http://localhost:3000' }).origins,
    ).toBeUndefined()
  })

  it('needs a login method, a whole user limit of at least 1, and an http(s) terms URL', () => {
    const problems = validateSettings({ ...form, loginMethods: [], devUserLimit: '0', termsUrl: 'ftp://x' })
    expect(problems.loginMethods).toBe('Turn on at least one login method')
    expect(problems.devUserLimit).toBe('A whole number of users, at least 1')
    expect(problems.termsUrl).toBe('An http(s) URL, such as https://example.com/terms')
  })

  it('checks list entries by kind and sends phones in E.164', () => {
    const allowlist = { ...form.allowlist, phones: '+1 415 555 0100', wallet_addresses: '0x123' }
    expect(validateSettings({ ...form, allowlist })['allowlist.wallet_addresses']).toBe(
      '0x123 is not an Ethereum or Solana address',
    )
    const denylist = { ...form.denylist, emails: 'not-an-email', domains: 'example' }
    expect(validateSettings({ ...form, denylist })['denylist.emails']).toBe(
      'not-an-email is not an email address',
    )
    expect(validateSettings({ ...form, denylist })['denylist.domains']).toBe(
      'example is not a domain such as example.com',
    )
    expect(
      toSettingsPatch({ ...form, allowlist: { ...allowlist, wallet_addresses: '' } }).allowlist.phones,
    ).toEqual(['+14155550100'])
  })
})
