// Backup and restore as deploy/README.md documents it: `pg_dump -Fc` of the database, restored with
// `pg_restore` into a fresh one, served with the same two keys (kept apart from the dump): the same
// wallet signs the same message to the same signature. With another vault KEK the dump opens nothing.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../src/platform/db/createDatabase'
import { startTestServer, type TestServer } from './harness'
import { isPostgresReachable } from './support/testDatabase'
import { createWallet, PUBLIC_URL, signInWithKey } from './walletRequests'
import { walletCall } from './wallets-harness'

const run = promisify(execFile)
const ADMIN_URL = process.env.SATCHEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const keys = {
  SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
}
const env = { ...keys, SATCHEL_PUBLIC_URL: PUBLIC_URL, RPC_URLS: `${LOCAL_CHAIN_ID}=http://127.0.0.1:9` }

// pg_dump and pg_restore need a PostgreSQL server: this file runs where one is (CI, `npm test` here).
describe.runIf(await isPostgresReachable())('backup and restore', { timeout: 120_000 }, () => {
  let original: TestServer
  let dir: string
  let restoredName: string
  const opened: Array<{ close(): Promise<void> }> = []

  beforeAll(async () => {
    original = await startTestServer({ env })
    dir = await mkdtemp(join(tmpdir(), 'satchel-backup-'))
    restoredName = `satchel_restored_${randomBytes(4).toString('hex')}`
  })
  afterAll(async () => {
    for (const server of opened.reverse()) await server.close()
    await original?.close()
    await run('dropdb', ['--if-exists', '--force', '--maintenance-db', ADMIN_URL, restoredName]).catch(
      () => {},
    )
    await rm(dir, { recursive: true, force: true })
  })

  const personalSign = (
    t: TestServer,
    appId: string,
    user: Awaited<ReturnType<typeof signInWithKey>>,
    walletId: string,
  ) =>
    walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
      key: user.key,
      token: user.token,
      appId,
      body: {
        method: 'personal_sign',
        params: { message: 'still mine after the restore', encoding: 'utf-8' },
      },
    })

  it('a wallet restored from a pg_dump signs as before, with the same keys; another vault KEK opens nothing', async () => {
    const user = await signInWithKey(original, 'backed-up@example.com')
    const wallet = await createWallet(original, user.token)
    const before = await personalSign(original, original.app.id, user, wallet.id)
    expect(before.statusCode).toBe(200)

    const dump = join(dir, 'satchel.dump')
    await run('pg_dump', ['--format=custom', '--file', dump, original.database.url ?? ''])
    await run('createdb', ['--maintenance-db', ADMIN_URL, restoredName])
    const restoredUrl = new URL(ADMIN_URL)
    restoredUrl.pathname = `/${restoredName}`
    await run('pg_restore', ['--no-owner', '--dbname', restoredUrl.toString(), dump])

    const serveRestored = async (vaultKek: string) => {
      const db: Database = await createDatabase({ url: restoredUrl.toString() })
      const t = await startTestServer({ env: { ...env, SATCHEL_VAULT_KEK: vaultKek }, build: { db } })
      opened.push({
        async close() {
          await t.close()
          await db.close()
        },
      })
      return t
    }
    const restored = await serveRestored(keys.SATCHEL_VAULT_KEK)
    const after = await personalSign(restored, original.app.id, user, wallet.id)
    expect(after.statusCode).toBe(200)
    expect(after.json().data.signature).toBe(before.json().data.signature)
    const signer = await recoverMessageAddress({
      message: 'still mine after the restore',
      signature: after.json().data.signature,
    })
    expect(signer.toLowerCase()).toBe(wallet.address.toLowerCase())

    const wrongKek = await serveRestored(randomBytes(32).toString('hex'))
    const refused = await personalSign(wrongKek, original.app.id, user, wallet.id)
    expect(refused.statusCode).toBeGreaterThanOrEqual(400)
    expect(JSON.stringify(refused.json())).not.toContain(before.json().data.signature)
  })
})
