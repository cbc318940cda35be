import { createHash, createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startTestServer, type TestServer } from '../../../test/harness'
import { buildApp, type SatchelServer } from '../../buildApp'
import { hashToken } from '../../platform/crypto/tokens'
import { createKv, type Kv } from '../../platform/kv/createKv'
import { sealStoredAppSecrets } from './sealStoredAppSecrets'

const BOT_TOKEN = '7000000001:AAHlegacyPlaintextBotToken_0123456789'

let t: TestServer
let restarted: SatchelServer | undefined
const restartedKv: Kv = createKv(undefined)
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await restarted?.close()
  await restartedKv.close()
  await t.close()
})

/** An app row as a server from before sealing wrote it: the bot token in plaintext. */
async function insertLegacyApp(): Promise<string> {
  const id = `app_legacy${randomBytes(6).toString('hex')}`
  await t.database.db.query(
    `insert into apps (id, name, secret_hash, allowed_origins, login_methods, settings) values ($1, 'Legacy', $2, $3, $4, $5)`,
    [
      id,
      hashToken('sk_legacy'),
      [ORIGIN],
      ['email', 'telegram'],
      JSON.stringify({ telegram: { botToken: BOT_TOKEN } }),
    ],
  )
  return id
}

const storedSettings = async (id: string) =>
  (
    await t.database.db.query<{ settings: string }>(
      'select settings::text as settings from apps where id = $1',
      [id],
    )
  )[0]?.settings

function telegramLogin(server: SatchelServer, appId: string, telegramId: number) {
  const fields = { id: telegramId, first_name: 'Pavel', auth_date: Math.floor(t.clock.now / 1000) }
  const checkString = Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')
  const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest())
    .update(checkString)
    .digest('hex')
  return server.inject({
    method: 'POST',
    url: '/api/v1/telegram/authenticate',
    headers: { 'satchel-app-id': appId, origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ telegram_auth_result: { ...fields, hash } }),
  })
}

describe('sealStoredAppSecrets', () => {
  it('rewrites a plaintext bot token sealed when the server starts, and Telegram logins work before and after', async () => {
    const appId = await insertLegacyApp()
    expect((await telegramLogin(t.server, appId, 7001)).statusCode).toBe(200)

    // A restart of the server on the same database (what an upgrade does).
    restarted = await buildApp(t.server.satchel.config, {
      db: t.database.db,
      kv: restartedKv,
      now: () => t.clock.now,
      logger: false,
    })
    expect(await storedSettings(appId)).not.toContain(BOT_TOKEN)
    const again = await telegramLogin(restarted, appId, 7001)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().is_new_user).toBe(false)
  })

  it('rewrites each row once when several instances start together, and nothing on later starts', async () => {
    const appId = await insertLegacyApp()
    const key = t.server.satchel.encryptionKey
    const [first, second] = await Promise.all([
      sealStoredAppSecrets(t.database.db, key),
      sealStoredAppSecrets(t.database.db, key),
    ])
    expect([...(first ?? []), ...(second ?? [])]).toEqual([appId])
    expect(await sealStoredAppSecrets(t.database.db, key)).toEqual([])
    expect((await telegramLogin(t.server, appId, 7002)).statusCode).toBe(200)
  })
})
