import { randomBytes } from 'node:crypto'
import { buildApp } from '../../server/src/buildApp'
// Test-only: the server package does not export its factory yet, so tests reach into its source.
import type { CreateAppParameters } from '../../server/src/identity/apps/appsRepository'
import { loadConfig } from '../../server/src/platform/config/loadConfig'
import { createDatabase } from '../../server/src/platform/db/createDatabase'

export type TestStack = {
  url: string
  appId: string
  /** The newest 6-digit code the dev outbox holds for an address. */
  latestCode(to: string): Promise<string>
  /**
   * Makes every sign-in and "Confirm it's you" look `ms` older (the server's "recent login" rule),
   * without moving the clock that signed requests are checked against.
   */
  ageSignIns(ms: number): Promise<void>
  close(): Promise<void>
}

/**
 * A real Satchel server on loopback with an in-memory database and one development app that allows
 * `origins` (the test page's origin; Node's fetch sends none).
 */
export async function startServer({
  origins = [],
  env = {},
  loginMethods = ['email', 'sms', 'guest', 'siwe'],
  app: appOptions = {},
}: {
  origins?: string[]
  env?: Record<string, string>
  loginMethods?: NonNullable<CreateAppParameters['loginMethods']>
  /** The rest of the app's settings (cookie mode, OAuth providers, ...). */
  app?: Pick<CreateAppParameters, 'cookieMode' | 'settings'>
} = {}): Promise<TestStack> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  })
  const database = await createDatabase({ dataDir: undefined })
  const server = await buildApp(config, { db: database, logger: false })
  const { app } = await server.satchel.apps.createApp({
    name: 'SDK Test App',
    allowedOrigins: origins.length > 0 ? origins : ['http://localhost'],
    loginMethods,
    ...appOptions,
  })
  const address = await server.listen({ port: 0, host: '127.0.0.1' })
  const url = address.replace('[::1]', '127.0.0.1')
  return {
    url,
    appId: app.id,
    async ageSignIns(ms) {
      await database.query(
        `update sessions set created_at = created_at - $1 * interval '1 millisecond',
           reauthenticated_at = reauthenticated_at - $1 * interval '1 millisecond'`,
        [ms],
      )
    },
    async latestCode(to) {
      const response = await fetch(`${url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, {
        headers: { 'satchel-app-id': app.id },
      })
      const body: { messages?: Array<{ text?: string }> } = await response.json()
      // Newest first, as the outbox answers.
      const code = /\b(\d{6})\b/.exec(body.messages?.[0]?.text ?? '')?.[1]
      if (!code) throw new Error(`No code in the outbox for ${to}`)
      return code
    },
    async close() {
      await server.close()
      await database.close()
    },
  }
}
