import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueOtp, verifyOtp } from '../src/identity/otp/verificationCodes'
import { migrate } from '../src/platform/db/migrate'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'

// A sign-in spends its code and reads the account in one statement. A wrong code must read nothing:
// if it did, its answer would take longer when the address has an account, and a stranger timing
// wrong codes would learn who signed up. The read here calls a sequence, so whether it ran is
// visible afterwards without timing anything.
let database: TestDatabase
let ctx: Parameters<typeof issueOtp>[0]
beforeAll(async () => {
  database = await createTestDatabase()
  // PGlite starts empty (the server migrates it as it starts); PostgreSQL's copy is migrated already.
  await migrate(database.db)
  ctx = { db: database.db, kv: await createTestKv('memory'), encryptionKey: randomBytes(32), now: Date.now }
  await database.db.query('create sequence code_read_probe')
})
afterAll(async () => {
  await database.drop()
})

const readProbe = () => 'select nextval($$code_read_probe$$) as probe'

async function probeCalls(): Promise<number> {
  const [row] = await database.db.query<{ last_value: string | number; is_called: boolean }>(
    'select last_value, is_called from code_read_probe',
  )
  return row?.is_called ? Number(row.last_value) : 0
}

describe('the read made with a sign-in code', () => {
  it('does not run for a wrong code, an expired flow or another flow, and runs once for the right one', async () => {
    const appId = 'app_read_gate'
    const address = 'gate@example.com'
    const { code, flowId } = await issueOtp(ctx, appId, 'email', address)
    const wrong = code === '000000' ? '111111' : '000000'

    await expect(verifyOtp(ctx, appId, 'email', address, wrong, flowId, readProbe)).rejects.toMatchObject({
      code: 'invalid_credentials',
    })
    const other = await issueOtp(ctx, appId, 'email', address)
    await expect(
      verifyOtp(ctx, appId, 'email', address, code, other.flowId, readProbe),
    ).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(await probeCalls()).toBe(0)

    const row = await verifyOtp<{ probe: string | number }>(
      ctx,
      appId,
      'email',
      address,
      code,
      flowId,
      readProbe,
    )
    expect(Number(row?.probe)).toBe(1)
    expect(await probeCalls()).toBe(1)

    // Spent: the same right code again is wrong, and reads nothing.
    await expect(verifyOtp(ctx, appId, 'email', address, code, flowId, readProbe)).rejects.toMatchObject({
      code: 'invalid_credentials',
    })
    expect(await probeCalls()).toBe(1)
  })
})
