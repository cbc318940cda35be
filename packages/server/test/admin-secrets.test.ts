// An app's secrets, as its backend manages them: full and read-only secrets, at most five, the last
// full one kept, and a secret that only ever reaches its own app.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/buildApp'
import { hashToken } from '../src/platform/crypto/tokens'
import { splitStatements } from '../src/platform/db/migrate'
import { startTestServer, type TestServer } from './harness'
import { createTestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'
import { basicAuth } from './walletRequests'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ build: { webhookWorker: false } })
})
afterAll(() => t.close())

const asApp = (appId: string, secret: string) => ({ origin: null, appId, headers: basicAuth(appId, secret) })

async function makeSecret(appId: string, secret: string, access: 'full' | 'read_only') {
  const response = await t.call('POST', '/api/v1/apps/secrets', { ...asApp(appId, secret), body: { access } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { id: string; secret: string; prefix: string; access: string }
}

describe('app secrets', () => {
  it("the app's first secret is a full one, listed by prefix and never in full", async () => {
    const list = await t.call('GET', '/api/v1/apps/secrets', asApp(t.app.id, t.appSecret))
    expect(list.statusCode).toBe(200)
    const [only, ...rest] = list.json().data
    expect(rest).toEqual([])
    expect(only).toMatchObject({ access: 'full', prefix: t.appSecret.slice(0, 8), current: true })
    expect(only.last_used_at).not.toBeNull()
    expect(list.body).not.toContain(t.appSecret)
  })

  it('a new secret is shown once and works at once; a read-only one may only read', async () => {
    const readOnly = await makeSecret(t.app.id, t.appSecret, 'read_only')
    expect(readOnly.secret).toMatch(/^sk_/)
    const listed = await t.call('GET', '/api/v1/apps/secrets', asApp(t.app.id, readOnly.secret))
    expect(listed.statusCode).toBe(200)
    expect(listed.body).not.toContain(readOnly.secret)
    expect(listed.json().data.find((s: { current: boolean }) => s.current).id).toBe(readOnly.id)

    // A leaked read-only secret cannot mint itself a full one, delete one, or change anything.
    const mint = await t.call('POST', '/api/v1/apps/secrets', {
      ...asApp(t.app.id, readOnly.secret),
      body: { access: 'full' },
    })
    expect(mint.statusCode).toBe(403)
    expect(mint.json().code).toBe('app_secret_read_only')
    const remove = await t.call(
      'DELETE',
      `/api/v1/apps/secrets/${readOnly.id}`,
      asApp(t.app.id, readOnly.secret),
    )
    expect(remove.json().code).toBe('app_secret_read_only')
    const policy = await t.call('POST', '/api/v1/policies', {
      ...asApp(t.app.id, readOnly.secret),
      body: { name: 'p', chain_type: 'ethereum', rules: [] },
    })
    expect(policy.json().code).toBe('app_secret_read_only')
    const hook = await t.call('POST', '/api/v1/webhooks/endpoints', {
      ...asApp(t.app.id, readOnly.secret),
      body: { url: 'http://127.0.0.1:9/hook' },
    })
    expect(hook.json().code).toBe('app_secret_read_only')
    // Reading is what it is for.
    expect((await t.call('GET', '/api/v1/policies', asApp(t.app.id, readOnly.secret))).statusCode).toBe(200)
  })

  it('a deleted secret stops working; the last full secret cannot be deleted', async () => {
    const second = await makeSecret(t.app.id, t.appSecret, 'full')
    const gone = await t.call('DELETE', `/api/v1/apps/secrets/${second.id}`, asApp(t.app.id, t.appSecret))
    expect(gone.statusCode).toBe(200)
    const after = await t.call('GET', '/api/v1/apps/secrets', asApp(t.app.id, second.secret))
    expect(after.json().code).toBe('invalid_app_credentials')

    const list = await t.call('GET', '/api/v1/apps/secrets', asApp(t.app.id, t.appSecret))
    const original = list.json().data.find((s: { current: boolean }) => s.current)
    const last = await t.call('DELETE', `/api/v1/apps/secrets/${original.id}`, asApp(t.app.id, t.appSecret))
    expect(last.statusCode).toBe(409)
    expect(last.json().code).toBe('last_full_app_secret')
    expect((await t.call('GET', '/api/v1/apps/secrets', asApp(t.app.id, t.appSecret))).statusCode).toBe(200)
  })

  it('an app holds at most five secrets', async () => {
    const { app, secret } = await t.createApp({ name: 'Five' })
    for (let i = 0; i < 4; i++) await makeSecret(app.id, secret, 'read_only')
    const sixth = await t.call('POST', '/api/v1/apps/secrets', {
      ...asApp(app.id, secret),
      body: { access: 'full' },
    })
    expect(sixth.statusCode).toBe(409)
    expect(sixth.json().code).toBe('app_secret_limit_reached')
  })

  it("a secret of app A never touches app B's secrets", async () => {
    const a = await t.createApp({ name: 'A' })
    const b = await t.createApp({ name: 'B' })
    const bList = await t.call('GET', '/api/v1/apps/secrets', asApp(b.app.id, b.secret))
    const bSecretId = bList.json().data[0].id
    // A's secret presented for B is refused outright.
    const crossed = await t.call('GET', '/api/v1/apps/secrets', asApp(b.app.id, a.secret))
    expect(crossed.statusCode).toBe(401)
    expect(crossed.json().code).toBe('invalid_app_credentials')
    // As itself, A cannot delete B's secret: it does not exist for A.
    await makeSecret(a.app.id, a.secret, 'full')
    const remove = await t.call('DELETE', `/api/v1/apps/secrets/${bSecretId}`, asApp(a.app.id, a.secret))
    expect(remove.statusCode).toBe(404)
    expect((await t.call('GET', '/api/v1/apps/secrets', asApp(b.app.id, b.secret))).json().data).toHaveLength(
      1,
    )
  })
})

describe('an app made before secrets had a table', () => {
  it('keeps its one secret, as a full secret, after the upgrade', async () => {
    const database = await createTestDatabase('auto', { empty: true })
    const kv = await createTestKv()
    const dir = join(import.meta.dirname, '../src/platform/db/migrations')
    try {
      // The database as the previous release left it: migrations up to 010, one app, its secret's hash.
      await database.db.query(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      )
      for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql') && f < '011').sort()) {
        for (const statement of splitStatements(await readFile(join(dir, file), 'utf8')))
          await database.db.query(statement)
        await database.db.query('insert into schema_migrations (name) values ($1)', [file])
      }
      const legacySecret = 'sk_legacy-secret-of-an-old-app-0123456789abcdef'
      await database.db.query(
        `insert into apps (id, name, secret_hash, allowed_origins) values ('app_legacy', 'Legacy', $1, '{}')`,
        [hashToken(legacySecret)],
      )
      const server = await buildApp(t.server.satchel.config, {
        db: database.db,
        kv,
        logger: false,
        webhookWorker: false,
      })
      try {
        const asLegacy = { headers: basicAuth('app_legacy', legacySecret) }
        const list = await server.inject({ method: 'GET', url: '/api/v1/apps/secrets', ...asLegacy })
        expect(list.statusCode, list.body).toBe(200)
        expect(list.json().data).toMatchObject([{ access: 'full', current: true }])
        // Full access: it can make the app's next secret.
        const made = await server.inject({
          method: 'POST',
          url: '/api/v1/apps/secrets',
          ...asLegacy,
          payload: {},
        })
        expect(made.json()).toMatchObject({ access: 'full' })
        // The hash no longer sits in the old column.
        const [row] = await database.db.query<{ secret_hash: Buffer | null }>(
          "select secret_hash from apps where id = 'app_legacy'",
        )
        expect(row?.secret_hash).toBeNull()
      } finally {
        await server.close()
      }
    } finally {
      await kv.close()
      await database.drop()
    }
  })
})
