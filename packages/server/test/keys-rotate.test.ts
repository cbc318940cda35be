// Key rotation without downtime (deploy/README.md, "Rotating keys"): `satchel keys rotate` re-seals
// every stored secret under the new encryption key and vault KEK while a server holding both the new
// and the previous keys keeps serving on the same database; a kill -9 mid-rotation is finished by a
// rerun; once the previous keys are gone every wallet signs as before and every login works; and a
// previous key that is not the one that sealed the values is refused before anything is touched.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealingKeyId } from '../src/platform/crypto/sealingKey'
import type { Kv } from '../src/platform/kv/createKv'
import { ENCRYPTION_KEY_COLUMNS, VAULT_KEK_COLUMNS } from '../src/wallets/keyRotation/sealedColumns'
import { startTestServer, type TestServer } from './harness'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'
import { createWallet, enrollTotp, PUBLIC_URL, type SignedInUser, signInWithKey } from './walletRequests'
import { walletCall } from './wallets-harness'

const hex = () => randomBytes(32).toString('hex')
const oldKeys = { SATCHEL_ENCRYPTION_KEY: hex(), SATCHEL_VAULT_KEK: hex() }
const newKeys = { SATCHEL_ENCRYPTION_KEY: hex(), SATCHEL_VAULT_KEK: hex() }
const during = {
  ...newKeys,
  SATCHEL_ENCRYPTION_KEY_PREVIOUS: oldKeys.SATCHEL_ENCRYPTION_KEY,
  SATCHEL_VAULT_KEK_PREVIOUS: oldKeys.SATCHEL_VAULT_KEK,
}
// Many logins from one address in a minute: the rate limits are scaled up, as the benches do.
const base = {
  SATCHEL_PUBLIC_URL: PUBLIC_URL,
  RPC_URLS: `${LOCAL_CHAIN_ID}=http://127.0.0.1:9`,
  RATE_LIMIT_SCALE: '1000',
}
const bin = new URL('../bin/satchel.js', import.meta.url).pathname
const MESSAGE = 'the same signature before and after the rotation'

type Holder = SignedInUser & { email: string; walletId: string; signature: string; totpSecret?: string }

describe('satchel keys rotate', { timeout: 240_000 }, () => {
  let database: TestDatabase
  let kv: Kv
  const servers: TestServer[] = []
  const holders: Holder[] = []
  let appId: string

  const serve = async (env: Record<string, string>) => {
    const t = await startTestServer({ env: { ...base, ...env }, build: { db: database.db, kv } })
    servers.push(t)
    return t
  }
  const sign = (t: TestServer, user: SignedInUser, walletId: string) =>
    walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
      key: user.key,
      token: user.token,
      appId,
      body: { method: 'personal_sign', params: { message: MESSAGE, encoding: 'utf-8' } },
    })
  /** Runs the CLI; resolves with its exit code and output (never rejects on a non-zero exit). */
  const rotate = (
    args: string[],
    env: Record<string, string>,
    onLine?: (line: string, kill: () => void) => void,
  ) =>
    new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('node', [bin, 'keys', 'rotate', ...args], {
        env: { ...process.env, ...base, ...env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'silent' },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk
        for (const line of chunk.toString().split('\n')) onLine?.(line, () => child.kill('SIGKILL'))
      })
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk
      })
      child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }))
    })
  /** How many stored values of these columns are sealed under `key` (by the id they carry). */
  const countUnder = async (columns: typeof ENCRYPTION_KEY_COLUMNS, key: string) => {
    let n = 0
    for (const { table, column } of columns) {
      const [row] = await database.db.query<{ n: string }>(
        `select count(*) as n from ${table} where substring(${column} from 2 for 4) = $1`,
        [sealingKeyId(Buffer.from(key, 'hex'))],
      )
      n += Number(row?.n ?? 0)
    }
    return n
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    kv = await createTestKv()
    // Before the rotation: users, wallets, a TOTP secret and signatures, all under the old keys.
    const before = await serve(oldKeys)
    appId = before.app.id
    for (let i = 0; i < 12; i++) {
      const email = `holder-${i}@example.com`
      const user = await signInWithKey(before, email, appId)
      const wallet = await createWallet(before, user.token)
      const signed = await sign(before, user, wallet.id)
      expect(signed.statusCode).toBe(200)
      const totpSecret = i === 0 ? await enrollTotp(before, user) : undefined
      holders.push({
        ...user,
        email,
        walletId: wallet.id,
        signature: signed.json().data.signature,
        ...(totpSecret ? { totpSecret } : {}),
      })
    }
  })
  afterAll(async () => {
    for (const t of servers.reverse()) await t.close()
    await kv?.close()
    await database?.drop()
  })

  it('re-seals every secret while another server keeps signing and logging in; a kill -9 is finished by a rerun', async () => {
    const live = await serve(during)
    let stop = false
    const outcomes: Array<number | string> = []
    const traffic = (async () => {
      for (let round = 0; !stop; round++) {
        const holder = holders[round % holders.length]
        if (!holder) break
        outcomes.push((await sign(live, holder, holder.walletId)).statusCode)
        const login = await live
          .loginWithEmail(`during-${round % 20}@example.com`, { appId })
          .catch((error: unknown) => String(error))
        outcomes.push(typeof login === 'string' ? login : 200)
      }
    })()
    try {
      // First run: killed (SIGKILL) as soon as it reports its first batch of auth shares.
      const killed = await rotate(['--encryption', '--batch-size', '2'], during, (line, kill) => {
        if (line.includes('wallet auth shares: 2/')) kill()
      })
      expect(killed.signal).toBe('SIGKILL')
      const mixedNew = await countUnder(ENCRYPTION_KEY_COLUMNS, newKeys.SATCHEL_ENCRYPTION_KEY)
      expect(mixedNew).toBeGreaterThan(0)
      // Mid-rotation, values under either key serve.
      for (const holder of holders) expect((await sign(live, holder, holder.walletId)).statusCode).toBe(200)

      const resumed = await rotate(['--encryption', '--batch-size', '5'], during)
      expect(resumed.stderr).toBe('')
      expect(resumed.code).toBe(0)
      expect(resumed.stdout).toMatch(/wallet auth shares: \d+\/\d+/)
      expect(resumed.stdout).toContain('SATCHEL_ENCRYPTION_KEY_PREVIOUS can now be removed')
      const vault = await rotate(['--vault-kek'], during)
      expect(vault.code).toBe(0)
      expect(vault.stdout).toContain(`vault shares: ${holders.length} re-sealed`)
      // A rerun after completion finds nothing to do.
      const again = await rotate(['--encryption'], during)
      expect(again.stdout).toContain('wallet auth shares: 0 re-sealed')
    } finally {
      stop = true
      await traffic
    }
    expect(outcomes.length).toBeGreaterThan(0)
    expect(outcomes.filter((status) => status !== 200)).toEqual([])
    expect(await countUnder(ENCRYPTION_KEY_COLUMNS, oldKeys.SATCHEL_ENCRYPTION_KEY)).toBe(0)
    expect(await countUnder(VAULT_KEK_COLUMNS, oldKeys.SATCHEL_VAULT_KEK)).toBe(0)
  })

  it('after the previous keys are removed, every wallet signs as before and every login and second factor works', async () => {
    const after = await serve(newKeys)
    for (const holder of holders) {
      const signed = await sign(after, holder, holder.walletId)
      expect(signed.statusCode).toBe(200)
      expect(signed.json().data.signature).toBe(holder.signature)
      const again = await signInWithKey(after, holder.email, appId)
      expect(again.userId).toBe(holder.userId)
    }
    const [first] = holders
    if (!first?.totpSecret) throw new Error('no TOTP holder')
    const fresh = await signInWithKey(after, first.email, appId)
    after.clock.advance(60_000)
    const totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(first.totpSecret),
    })
    const verified = await after.call('POST', '/api/v1/mfa/totp/verify', {
      token: fresh.token,
      appId,
      body: { code: totp.generate({ timestamp: after.clock.now }) },
    })
    expect(verified.statusCode).toBe(200)
  })

  it('refuses a previous key that did not seal the stored values, with a clear message, and changes nothing', async () => {
    const newer = hex()
    const wrong = hex()
    const refused = await rotate(['--encryption'], {
      ...newKeys,
      SATCHEL_ENCRYPTION_KEY: newer,
      SATCHEL_ENCRYPTION_KEY_PREVIOUS: wrong,
    })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      `SATCHEL_ENCRYPTION_KEY_PREVIOUS (key id ${sealingKeyId(Buffer.from(wrong, 'hex')).toString('hex')}) is not the key that sealed the stored values`,
    )
    expect(refused.stderr).not.toContain(wrong)
    expect(await countUnder(ENCRYPTION_KEY_COLUMNS, newer)).toBe(0)
    const missing = await rotate(['--vault-kek'], newKeys)
    expect(missing.stderr).toContain('SATCHEL_VAULT_KEK_PREVIOUS: required for a rotation')
  })
})
