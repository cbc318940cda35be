import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openAppSettings } from './openAppSettings'
import { sealAppSettings } from './sealAppSettings'
import type { AppSettings } from './types'

const key = randomBytes(32)
const GOOGLE_SECRET = 'google-client-secret-value'
const GITHUB_SECRET = 'github-client-secret-value'
const BOT_TOKEN = '7000000001:AAHopenAppSettingsTestToken_0123456'

const plain: AppSettings = {
  oauth: {
    providers: {
      google: { clientId: 'g', clientSecret: GOOGLE_SECRET },
      github: { clientId: 'h', clientSecret: GITHUB_SECRET },
    },
  },
  telegram: { botToken: BOT_TOKEN, loginMaxAgeSeconds: 60 },
}

function createLog() {
  const lines: unknown[][] = []
  return { lines, log: { error: (...args: unknown[]) => void lines.push(args) } }
}

describe('openAppSettings', () => {
  it('opens the secrets of the section asked for, and leaves every other secret sealed', () => {
    const { log } = createLog()
    const app = { id: 'app_1', settings: sealAppSettings(key, 'app_1', plain) }
    expect(openAppSettings({ encryptionKey: key, log }, app, ['oauth', 'providers', 'google'])).toEqual({
      clientId: 'g',
      clientSecret: GOOGLE_SECRET,
    })
    expect(openAppSettings({ encryptionKey: key, log }, app, ['telegram'])).toEqual({
      botToken: BOT_TOKEN,
      loginMaxAgeSeconds: 60,
    })
    // The app object (as cached) keeps its sealed values.
    expect(JSON.stringify(app.settings)).not.toContain(GOOGLE_SECRET)
    expect(JSON.stringify(app.settings)).not.toContain(BOT_TOKEN)
  })

  it('keeps settings stored before sealing working', () => {
    const { log } = createLog()
    expect(
      openAppSettings({ encryptionKey: key, log }, { id: 'app_1', settings: plain }, ['telegram']),
    ).toEqual({ botToken: BOT_TOKEN, loginMaxAgeSeconds: 60 })
  })

  it('refuses a sealed secret copied onto another app or another field, or opened with another key, naming only the field', () => {
    const sealed = sealAppSettings(key, 'app_1', plain)
    const { lines, log } = createLog()
    // The whole of app_1's settings pasted into app_2.
    expect(
      openAppSettings({ encryptionKey: key, log }, { id: 'app_2', settings: sealed }, ['telegram']),
    ).toBe(undefined)
    // google's sealed secret moved onto github, inside the same app.
    const providers = (sealed.oauth as { providers: Record<string, Record<string, unknown>> }).providers
    const swapped = {
      oauth: { providers: { github: { clientId: 'h', clientSecret: providers.google?.clientSecret } } },
    }
    expect(
      openAppSettings({ encryptionKey: key, log }, { id: 'app_1', settings: swapped }, [
        'oauth',
        'providers',
        'github',
      ]),
    ).toBe(undefined)
    expect(
      openAppSettings({ encryptionKey: randomBytes(32), log }, { id: 'app_1', settings: sealed }, [
        'telegram',
      ]),
    ).toBe(undefined)
    expect(lines.map(([fields]) => fields)).toEqual([
      { appId: 'app_2', setting: 'telegram.botToken' },
      { appId: 'app_1', setting: 'oauth.providers.github.clientSecret' },
      { appId: 'app_1', setting: 'telegram.botToken' },
    ])
    for (const secret of [GOOGLE_SECRET, GITHUB_SECRET, BOT_TOKEN])
      expect(JSON.stringify(lines)).not.toContain(secret)
  })

  it('seals again without sealing twice: settings read back, patched and saved keep their sealed values', () => {
    const once = sealAppSettings(key, 'app_1', plain)
    const twice = sealAppSettings(key, 'app_1', once)
    expect(twice).toEqual(once)
  })
})
