import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startTestServer, type TestServer } from '../../../test/harness'

// Made-up credentials in each provider's format: none of them may ever be readable at rest or in a log.
const BOT_TOKEN = '7000000001:AAHsealedBotTokenForSatchelTests_01234'
const CLIENT_ID = 'acme-client'
const CLIENT_SECRET = `acme-secret-${randomBytes(12).toString('hex')}`
const RECOVERY_SECRET = `recovery-secret-${randomBytes(12).toString('hex')}`
const APPLE_KEY_PEM = `-----BEGIN PRIVATE KEY-----\n${randomBytes(48).toString('base64')}\n-----END PRIVATE KEY-----`
const SECRETS = [BOT_TOKEN, CLIENT_SECRET, RECOVERY_SECRET, APPLE_KEY_PEM]

const logLines: string[] = []
let t: TestServer
let appId: string
let provider: Server
let providerUrl: string
/** The Basic credentials the provider's token endpoint was last called with. */
let presentedCredentials: string | undefined

beforeAll(async () => {
  // A plain OAuth 2 provider (GitHub's shape): a token endpoint that checks the client's credentials
  // exactly as a real one does, and a user API.
  provider = createServer((request, response) => {
    response.setHeader('content-type', 'application/json')
    if (request.url === '/token') {
      presentedCredentials = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString()
      const valid = presentedCredentials === `${CLIENT_ID}:${CLIENT_SECRET}`
      response.statusCode = valid ? 200 : 401
      response.end(
        JSON.stringify(valid ? { access_token: 'acme-access-token' } : { error: 'invalid_client' }),
      )
      return
    }
    response.end(JSON.stringify({ id: 4242, login: 'ada', name: 'Ada' }))
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`

  t = await startTestServer({
    build: {
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk))
            done()
          },
        }),
      },
    },
  })
  const { app } = await t.createApp({
    loginMethods: ['email', 'telegram', 'oauth'],
    settings: {
      telegram: { botToken: BOT_TOKEN },
      oauth: {
        providers: {
          acme: {
            clientId: CLIENT_ID,
            clientSecret: CLIENT_SECRET,
            authorizationUrl: `${providerUrl}/authorize`,
            tokenUrl: `${providerUrl}/token`,
            userinfoUrl: `${providerUrl}/user`,
          },
          apple: {
            clientId: 'com.example.web',
            apple: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKeyPem: APPLE_KEY_PEM },
          },
        },
      },
      recoveryOAuth: { clientId: 'recovery-client', clientSecret: RECOVERY_SECRET },
    },
  })
  appId = app.id
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => provider.close(resolve))
})

const storedSettings = async (id: string) =>
  (
    await t.database.db.query<{ settings: string }>(
      'select settings::text as settings from apps where id = $1',
      [id],
    )
  )[0]?.settings ?? ''

function signTelegramWidget(fields: Record<string, string | number>) {
  const key = createHash('sha256').update(BOT_TOKEN).digest()
  const checkString = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n')
  return { ...fields, hash: createHmac('sha256', key).update(checkString).digest('hex') }
}

async function signInWithAcme() {
  const codeVerifier = randomBytes(32).toString('base64url')
  const stateCode = randomBytes(16).toString('base64url')
  const init = await t.call('POST', '/api/v1/oauth/init', {
    appId,
    body: {
      provider: 'acme',
      redirect_to: `${ORIGIN}/oauth`,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      state_code: stateCode,
    },
  })
  expect(init.statusCode, init.body).toBe(200)
  return t.call('POST', '/api/v1/oauth/authenticate', {
    appId,
    body: {
      provider: 'acme',
      state_code: stateCode,
      authorization_code: 'acme-code',
      code_verifier: codeVerifier,
    },
  })
}

describe('app secrets at rest', () => {
  it('stores OAuth client secrets, the Apple key, the bot token and the recovery secret sealed, never in plaintext', async () => {
    const stored = await storedSettings(appId)
    for (const secret of SECRETS) expect(stored).not.toContain(secret)
    // What is not secret stays readable for an operator looking at the row.
    expect(stored).toContain(CLIENT_ID)
    expect(JSON.parse(stored).telegram.botToken).toEqual({ sealed: expect.any(String) })
  })

  it('still signs users in with Telegram and OAuth, opening each secret where it is used', async () => {
    const telegram = await t.call('POST', '/api/v1/telegram/authenticate', {
      appId,
      body: {
        telegram_auth_result: signTelegramWidget({
          id: 5001,
          first_name: 'Pavel',
          auth_date: Math.floor(t.clock.now / 1000),
        }),
      },
    })
    expect(telegram.statusCode, telegram.body).toBe(200)

    const oauth = await signInWithAcme()
    expect(oauth.statusCode, oauth.body).toBe(200)
    expect(presentedCredentials).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`)
  })

  it('seals a secret an operator changes later, and logins follow the new one', async () => {
    const current = await t.server.satchel.apps.requireApp(appId)
    const rotated = `acme-rotated-${randomBytes(12).toString('hex')}`
    await t.server.satchel.apps.updateApp(appId, {
      settings: {
        ...current.settings,
        oauth: {
          providers: {
            acme: {
              clientId: CLIENT_ID,
              clientSecret: rotated,
              authorizationUrl: `${providerUrl}/authorize`,
              tokenUrl: `${providerUrl}/token`,
              userinfoUrl: `${providerUrl}/user`,
            },
          },
        },
      },
    })
    expect(await storedSettings(appId)).not.toContain(rotated)
    // The provider still expects the old secret: the login now fails on the new one it was sent.
    const refused = await signInWithAcme()
    expect(refused.json()).toMatchObject({ code: 'invalid_credentials' })
    expect(presentedCredentials).toBe(`${CLIENT_ID}:${rotated}`)
    expect(refused.body).not.toContain(rotated)
    SECRETS.push(rotated)
  })

  it('never shows a secret in the app config endpoint, an error answer or a log line', async () => {
    const config = await t.call('GET', `/api/v1/apps/${appId}`, { appId })
    expect(config.statusCode).toBe(200)
    // The modal learns which social buttons to show from the names alone.
    expect(config.json().oauth_providers).toEqual(['acme'])
    const forged = await t.call('POST', '/api/v1/telegram/authenticate', {
      appId,
      body: { telegram_auth_result: { id: 5002, first_name: 'M', auth_date: 1, hash: '00'.repeat(32) } },
    })
    expect(forged.statusCode).toBe(401)
    const logs = logLines.join('')
    expect(logs).toContain(appId) // the requests above were logged...
    for (const secret of SECRETS) {
      // ...and no answer or log line holds a secret.
      expect(config.body).not.toContain(secret)
      expect(forged.body).not.toContain(secret)
      expect(logs).not.toContain(secret)
    }
  })
})
