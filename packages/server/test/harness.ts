import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { type BuildAppOptions, buildApp, type SatchelServer } from '../src/buildApp'
import type { CreateAppParameters } from '../src/identity/apps/appsRepository'
import type { App } from '../src/identity/apps/types'
import { loadConfig } from '../src/platform/config/loadConfig'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'
import { createP256Key, type P256Key } from './walletRequests'

export const ORIGIN = 'http://localhost:5173'

export type TestServer = {
  server: SatchelServer
  app: App
  appSecret: string
  database: TestDatabase
  clock: { now: number; advance(ms: number): void }
  /** A JSON call as the app's browser client makes it (app id header, allowed origin). */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options?: CallOptions,
  ): Promise<LightMyRequestResponse>
  createApp(parameters?: Partial<CreateAppParameters>): Promise<{ app: App; secret: string }>
  /** The newest code sent to an address through the dev outbox. */
  latestCode(to: string, appId?: string): Promise<string>
  /**
   * Asks for a login code for an email address or (starting with `+`) a phone number, and answers it
   * with the `flow_id` it must be entered with.
   */
  sendCode(to: string, options?: { appId?: string; ip?: string }): Promise<{ code: string; flowId: string }>
  /**
   * Email sign-in from start to finish, with a session key bound to the session (a new one unless
   * `key` is given; `null` for a session without one); returns the AuthenticatedUser body and the key
   * (for signed calls, `userCall`).
   */
  loginWithEmail(email: string, options?: { appId?: string; key?: P256Key }): Promise<SignedInLogin>
  loginWithEmail(email: string, options: { appId?: string; key: null }): Promise<AuthenticatedUser>
  close(): Promise<void>
}

export type CallOptions = {
  body?: unknown
  token?: string
  appId?: string | null
  origin?: string | null
  headers?: Record<string, string>
  /** The client's address as the server sees it (default 127.0.0.1). */
  ip?: string
}

type LoginOptions = { appId?: string; key?: P256Key | null }

/** A login's answer with the session key the client bound to it. */
export type SignedInLogin = AuthenticatedUser & { key: P256Key }

export type AuthenticatedUser = {
  token: string
  refresh_token: string
  identity_token: string
  is_new_user: boolean
  user: {
    id: string
    linked_accounts: Array<Record<string, unknown>>
    is_guest: boolean
    has_accepted_terms: boolean
  }
}

/**
 * JSON calls into `server` as an app's browser client makes them: the app id header (`defaultAppId`
 * unless the call names another, or `null` for none) and the allowed origin.
 *
 * @example
 * const call = injectCall(server, app.id)
 * await call('GET', '/api/v1/users/me', { token })
 */
export function injectCall(server: SatchelServer, defaultAppId: string): TestServer['call'] {
  return (method, url, { body, token, appId, origin, headers = {}, ip } = {}) =>
    server.inject({
      method,
      url,
      ...(ip ? { remoteAddress: ip } : {}),
      headers: {
        ...(appId === null ? {} : { 'satchel-app-id': appId ?? defaultAppId }),
        ...(origin === null ? {} : { origin: origin ?? ORIGIN }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    })
}

/**
 * A whole server for one test file, on the local PostgreSQL and Redis when they are reachable (as in
 * CI), PGlite and the in-process store otherwise, with a clock the test can move.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; app?: Partial<CreateAppParameters>; build?: BuildAppOptions } = {},
): Promise<TestServer> {
  const database = await createTestDatabase()
  const kv = await createTestKv()
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms
    },
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    SATCHEL_ISSUER: 'https://satchel.test',
    // Signed requests cover the full URL: a fixed public URL makes it independent of inject's host.
    SATCHEL_PUBLIC_URL: 'https://satchel.test',
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  const server = await buildApp(config, {
    db: database.db,
    kv,
    now: () => clock.now,
    logger: false,
    ...options.build,
  })
  await server.ready()
  const createApp = (parameters: Partial<CreateAppParameters> = {}) =>
    server.satchel.apps.createApp({
      name: 'Test App',
      allowedOrigins: [ORIGIN],
      loginMethods: ['email', 'sms', 'guest', 'custom_jwt'],
      ...options.app,
      ...parameters,
    })
  const { app, secret } = await createApp()

  const call = injectCall(server, app.id)

  const latestCode = async (to: string, appId = app.id) => {
    const response = await call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, { appId })
    const text: string | undefined = response.json().messages?.[0]?.text
    const code = text?.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error(`no code in the outbox for ${to}: ${response.body}`)
    return code
  }

  const sendCode: TestServer['sendCode'] = async (to, { appId = app.id, ip } = {}) => {
    const sms = to.startsWith('+')
    const init = await call('POST', `/api/v1/${sms ? 'passwordless_sms' : 'passwordless'}/init`, {
      appId,
      body: sms ? { phone_number: to } : { email: to },
      ...(ip ? { ip } : {}),
    })
    if (init.statusCode !== 200) throw new Error(`init failed: ${init.body}`)
    return { code: await latestCode(to, appId), flowId: init.json().flow_id }
  }

  return {
    server,
    app,
    appSecret: secret,
    database,
    clock,
    call,
    createApp,
    latestCode,
    sendCode,
    async loginWithEmail(email: string, { appId = app.id, key = createP256Key() }: LoginOptions = {}) {
      const { code, flowId } = await sendCode(email, { appId })
      const response = await call('POST', '/api/v1/passwordless/authenticate', {
        appId,
        body: {
          email,
          code,
          flow_id: flowId,
          ...(key ? { session_public_key: key.publicJwk } : {}),
        },
      })
      if (response.statusCode !== 200) throw new Error(`authenticate failed: ${response.body}`)
      return key ? { ...response.json(), key } : response.json()
    },
    async close() {
      await server.close()
      await kv.close()
      await database.drop()
    },
  }
}
