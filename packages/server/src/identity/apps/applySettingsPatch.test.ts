import { ApiError } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { applySettingsPatch } from './applySettingsPatch'
import { parseAccessLists } from './parseAccessLists'
import type { App } from './types'

const app: App = {
  id: 'app_1',
  name: 'Shop',
  allowedOrigins: ['https://shop.example'],
  loginMethods: ['email'],
  mode: 'production',
  devUserLimit: null,
  requireTerms: false,
  cookieMode: false,
  termsUrl: null,
  mfaRequirement: 'optional',
  walletsOnLogin: 'none',
  deletionGraceDays: 30,
  accessLists: parseAccessLists({}),
  settings: {},
  createdAt: new Date(0),
}
const production = { devUserLimit: 150, env: 'production' as const, smtp: undefined, sms: undefined }

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof ApiError ? `${error.code}: ${error.message}` : String(error)
  }
  return 'accepted'
}

describe('applySettingsPatch', () => {
  it('refuses on a production server a login method that could not send its codes (the next start would fail)', () => {
    expect(
      refusal(() => applySettingsPatch(app, { login_methods: ['sms'] }, production)),
    ).toMatchInlineSnapshot(
      `"invalid_data: Invalid request data: login_methods (sms login needs SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM set on the server)"`,
    )
    expect(
      applySettingsPatch(app, { login_methods: ['sms'] }, { ...production, env: 'development' }),
    ).toEqual({
      loginMethods: ['sms'],
    })
  })

  it('keeps production origins on https (localhost aside) and the user cap under the server cap', () => {
    expect(
      refusal(() => applySettingsPatch(app, { allowed_origins: ['http://shop.example'] }, production)),
    ).toMatch(/https in production mode/)
    expect(applySettingsPatch(app, { allowed_origins: ['http://localhost:5173'] }, production)).toEqual({
      allowedOrigins: ['http://localhost:5173'],
    })
    expect(refusal(() => applySettingsPatch(app, { dev_user_limit: 151 }, production))).toMatch(
      /DEV_USER_LIMIT/,
    )
  })

  it('turns the terms step on with a terms URL and off with null', () => {
    expect(applySettingsPatch(app, { terms_url: 'https://shop.example/terms' }, production)).toEqual({
      termsUrl: 'https://shop.example/terms',
      requireTerms: true,
    })
    expect(applySettingsPatch(app, { terms_url: null }, production)).toEqual({
      termsUrl: null,
      requireTerms: false,
    })
  })
})
