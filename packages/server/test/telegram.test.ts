import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { expectListedInOpenApi } from './support/expectListedInOpenApi'
import { createP256Key, type P256Key, userCall } from './walletRequests'

// A made-up bot token in BotFather's format; the tests sign as Telegram would with it.
const BOT_TOKEN = '7000000001:AAHtestBotTokenForSatchelTests_0123456'
const OTHER_BOT_TOKEN = '7000000002:AAHsomeOtherBotsTokenNotThisApps_98765'

let t: TestServer
let appId: string

beforeAll(async () => {
  t = await startTestServer()
  const { app } = await t.createApp({
    loginMethods: ['email', 'telegram'],
    settings: { telegram: { botToken: BOT_TOKEN } },
  })
  appId = app.id
})
afterAll(() => t.close())

const nowSeconds = () => Math.floor(t.clock.now / 1000)

/** Telegram's data-check-string: every field but hash, sorted, as name=value lines. */
const dataCheckString = (fields: Record<string, string | number>) =>
  Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n')

/** What Telegram's login widget hands the page: the user's fields and their HMAC. */
function signLoginWidget(fields: Record<string, string | number>, botToken = BOT_TOKEN) {
  const key = createHash('sha256').update(botToken).digest()
  return { ...fields, hash: createHmac('sha256', key).update(dataCheckString(fields)).digest('hex') }
}

/** What a Mini App finds in `Telegram.WebApp.initData`: a signed query string. */
function signWebAppData(fields: Record<string, string>, botToken = BOT_TOKEN) {
  const key = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const hash = createHmac('sha256', key).update(dataCheckString(fields)).digest('hex')
  return new URLSearchParams({ ...fields, hash }).toString()
}

const widgetUser = (id: number, overrides: Record<string, string | number> = {}) => ({
  id,
  first_name: 'Pavel',
  username: `pavel${id}`,
  photo_url: `https://t.me/i/userpic/320/pavel${id}.jpg`,
  auth_date: nowSeconds(),
  ...overrides,
})

const webAppFields = (id: number, authDate = nowSeconds()) => ({
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user: JSON.stringify({ id, first_name: 'Nikolai', username: `nikolai${id}`, language_code: 'en' }),
  auth_date: String(authDate),
})

const authenticate = (body: Record<string, unknown>, options: { appId?: string; token?: string } = {}) =>
  t.call('POST', '/api/v1/telegram/authenticate', { appId: options.appId ?? appId, body })

describe('Telegram login widget', () => {
  it('signs a Telegram user up with the widget data, then signs them back in', async () => {
    const first = await authenticate({ telegram_auth_result: signLoginWidget(widgetUser(1001)) })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().is_new_user).toBe(true)
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'telegram',
        telegram_user_id: '1001',
        username: 'pavel1001',
        first_name: 'Pavel',
        photo_url: 'https://t.me/i/userpic/320/pavel1001.jpg',
      }),
    ])
    // A later sign-in: the widget hands the page new data.
    t.clock.now += 1_000
    const again = await authenticate({ telegram_auth_result: signLoginWidget(widgetUser(1001)) })
    expect(again.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it('takes widget data once: a copy used again, to sign in or to link, signs nobody in', async () => {
    const data = signLoginWidget(widgetUser(1002))
    expect((await authenticate({ telegram_auth_result: data })).statusCode).toBe(200)
    const replayed = await authenticate({ telegram_auth_result: data })
    expectAnswer(replayed, 401, {
      code: 'invalid_credentials',
      error: 'This Telegram login data was already used: sign in with Telegram again',
    })
    const other = await t.loginWithEmail('tg-replay@example.com', { appId })
    const linked = await userCall(t, other, 'POST', '/api/v1/telegram/link', {
      appId,
      body: { telegram_auth_result: data },
    })
    expect(linked.json().code).toBe('invalid_credentials')
  })

  it('refuses data with a field changed after Telegram signed it', async () => {
    const signed = signLoginWidget(widgetUser(1002))
    for (const tampered of [
      { ...signed, id: 1 },
      { ...signed, username: 'durov' },
      { ...signed, extra: 'added' },
    ]) {
      const response = await authenticate({ telegram_auth_result: tampered })
      expectAnswer(response, 401, {
        error: 'The Telegram login data is not valid',
        code: 'invalid_credentials',
      })
    }
  })

  it('refuses data signed with another bot token', async () => {
    const response = await authenticate({
      telegram_auth_result: signLoginWidget(widgetUser(1003), OTHER_BOT_TOKEN),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_credentials')
  })

  it('refuses data older than 24 hours on the server clock', async () => {
    const fresh = signLoginWidget(widgetUser(1004, { auth_date: nowSeconds() - 23 * 3600 }))
    expect((await authenticate({ telegram_auth_result: fresh })).statusCode).toBe(200)
    const stale = signLoginWidget(widgetUser(1004, { auth_date: nowSeconds() - 24 * 3600 - 1 }))
    const response = await authenticate({ telegram_auth_result: stale })
    expectAnswer(response, 401, {
      error: 'The Telegram login data has expired',
      code: 'invalid_credentials',
    })

    const signedNow = signLoginWidget(widgetUser(1004))
    t.clock.advance(24 * 3600 * 1000 + 1000)
    expect((await authenticate({ telegram_auth_result: signedNow })).json().code).toBe('invalid_credentials')
  })

  it('applies a shorter window an app configures', async () => {
    const { app } = await t.createApp({
      loginMethods: ['telegram'],
      settings: { telegram: { botToken: BOT_TOKEN, loginMaxAgeSeconds: 60 } },
    })
    const twoMinutesOld = signLoginWidget(widgetUser(1005, { auth_date: nowSeconds() - 120 }))
    const response = await authenticate({ telegram_auth_result: twoMinutesOld }, { appId: app.id })
    expect(response.json()).toEqual({
      error: 'The Telegram login data has expired',
      code: 'invalid_credentials',
    })
  })
})

describe('Telegram Mini App (Web App) init data', () => {
  it('signs a user in with the raw init data, or with its fields', async () => {
    const raw = await authenticate({ telegram_web_app_data: signWebAppData(webAppFields(2001)) })
    expect(raw.statusCode, raw.body).toBe(200)
    expect(raw.json().user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'telegram', telegram_user_id: '2001', username: 'nikolai2001' }),
    ])
    const fields = Object.fromEntries(new URLSearchParams(signWebAppData(webAppFields(2001))))
    const split = await authenticate({ telegram_web_app_data: fields })
    expect(split.json().user.id).toBe(raw.json().user.id)
    // The app reloaded: the same init data signs in again, unlike the widget's.
    const reloaded = await authenticate({ telegram_web_app_data: signWebAppData(webAppFields(2001)) })
    expect(reloaded.json().user.id).toBe(raw.json().user.id)
  })

  it('refuses tampered init data, init data of another bot, and widget-signed data posing as init data', async () => {
    const signed = new URLSearchParams(signWebAppData(webAppFields(2002)))
    signed.set('user', JSON.stringify({ id: 1, first_name: 'Someone else' }))
    const otherBot = signWebAppData(webAppFields(2002), OTHER_BOT_TOKEN)
    // The same fields and token, signed the widget's way: the key derivations differ.
    const widgetKey = createHash('sha256').update(BOT_TOKEN).digest()
    const fields = webAppFields(2002)
    const widgetWay = new URLSearchParams({
      ...fields,
      hash: createHmac('sha256', widgetKey).update(dataCheckString(fields)).digest('hex'),
    }).toString()
    for (const data of [signed.toString(), otherBot, widgetWay]) {
      const response = await authenticate({ telegram_web_app_data: data })
      expectAnswer(response, 401, {
        error: 'The Telegram login data is not valid',
        code: 'invalid_credentials',
      })
    }
  })

  it('refuses init data older than one hour', async () => {
    const stale = signWebAppData(webAppFields(2003, nowSeconds() - 3601))
    const response = await authenticate({ telegram_web_app_data: stale })
    expect(response.json()).toEqual({
      error: 'The Telegram login data has expired',
      code: 'invalid_credentials',
    })
    // The same age is fine for the widget's day-long window.
    const widget = signLoginWidget(widgetUser(2003, { auth_date: nowSeconds() - 3601 }))
    expect((await authenticate({ telegram_auth_result: widget })).statusCode).toBe(200)
  })
})

describe('Telegram refusals before any signature is checked', () => {
  it('refuses an app with Telegram off or without a bot token', async () => {
    const data = { telegram_auth_result: signLoginWidget(widgetUser(3001)) }
    const off = await authenticate(data, { appId: t.app.id })
    expect(off.statusCode).toBe(403)
    expect(off.json().code).toBe('disallowed_login_method')
    const { app } = await t.createApp({ loginMethods: ['telegram'] })
    const unconfigured = await authenticate(data, { appId: app.id })
    expect(unconfigured.json()).toEqual({
      error: 'Telegram is not configured for this app',
      code: 'disallowed_login_method',
    })
  })

  it('wants exactly one kind of data', async () => {
    const both = await authenticate({
      telegram_auth_result: signLoginWidget(widgetUser(3002)),
      telegram_web_app_data: signWebAppData(webAppFields(3002)),
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().code).toBe('invalid_data')
    expect((await authenticate({})).json().code).toBe('invalid_data')
  })
})

describe('Telegram linking', () => {
  const link = (user: { token: string; key: P256Key }, data: Record<string, unknown>) =>
    userCall(t, user, 'POST', '/api/v1/telegram/link', { appId, body: data })

  it('links a Telegram account to a signed-in user, and unlinks it', async () => {
    const user = await t.loginWithEmail('tg-linker@example.com', { appId })
    const linked = await link(user, { telegram_auth_result: signLoginWidget(widgetUser(4001)) })
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json().linked_accounts).toEqual([
      expect.objectContaining({ type: 'email' }),
      expect.objectContaining({ type: 'telegram', telegram_user_id: '4001' }),
    ])
    const viaTelegram = await authenticate({ telegram_web_app_data: signWebAppData(webAppFields(4001)) })
    expect(viaTelegram.json().user.id).toBe(user.user.id)

    const unlinked = await userCall(t, user, 'POST', '/api/v1/telegram/unlink', {
      appId,
      body: { telegram_user_id: '4001' },
    })
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it("refuses another user's Telegram account, a second one, and forged data", async () => {
    await authenticate({ telegram_auth_result: signLoginWidget(widgetUser(4002)) })
    const user = await t.loginWithEmail('tg-second@example.com', { appId })
    t.clock.now += 1_000 // the widget's data for this later attempt is new
    const taken = await link(user, { telegram_auth_result: signLoginWidget(widgetUser(4002)) })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('linked_to_another_user')

    expect((await link(user, { telegram_auth_result: signLoginWidget(widgetUser(4003)) })).statusCode).toBe(
      200,
    )
    const second = await link(user, { telegram_auth_result: signLoginWidget(widgetUser(4004)) })
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('cannot_link_more_of_type')

    const forged = await link(user, {
      telegram_auth_result: signLoginWidget(widgetUser(4005), OTHER_BOT_TOKEN),
    })
    expect(forged.json().code).toBe('invalid_credentials')
  })

  it('refuses unlinking the last way in', async () => {
    const key = createP256Key()
    const only = await authenticate({
      telegram_auth_result: signLoginWidget(widgetUser(4006)),
      session_public_key: key.publicJwk,
    })
    const response = await userCall(t, { token: only.json().token, key }, 'POST', '/api/v1/telegram/unlink', {
      appId,
      body: { telegram_user_id: 4006 },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('cannot_unlink_last_account')
  })
})

it('lists every Telegram route in the OpenAPI document', async () => {
  await expectListedInOpenApi(
    t,
    ['authenticate', 'link', 'unlink'].map((path) => `/api/v1/telegram/${path}`),
  )
})
