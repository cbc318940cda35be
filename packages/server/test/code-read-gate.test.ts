import { randomBytes } from 'node:crypto'
import { OTP_TTL_SECONDS } from '@satchel/core'
import { describe, expect, it } from 'vitest'
import { issueOtp, verifyOtp } from '../src/identity/otp/verificationCodes'
import { migrate } from '../src/platform/db/migrate'
import { createTestDatabase } from './support/testDatabase'
import { createTestKv } from './support/testKv'

// A sign-in spends its code and reads the account in one statement. A wrong code must read nothing:
// if it did, its answer would take longer when the address has an account, and a stranger timing
// wrong codes would learn who signed up. The read here calls a sequence, so whether it ran is
// visible afterwards without timing anything. Whether it runs is the planner's choice as much as the
// SQL's, so both PostgreSQLs are asked: the local server (15 here) and PGlite (18, whose planner ran
// the read for every code before the read was joined to the spent row).
const readProbe = () => 'select nextval($$code_read_probe$$) as probe'

describe.each(['auto', 'pglite'] as const)('the read made with a sign-in code (%s database)', (kind) => {
  it('does not run for a wrong code, another flow, an expired code or a spent one, and runs once for the right one', async () => {
    const database = await createTestDatabase(kind)
    try {
      // PGlite starts empty (the server migrates it as it starts); PostgreSQL's copy is migrated already.
      await migrate(database.db)
      await database.db.query('create sequence code_read_probe')
      const probeCalls = async () => {
        const [row] = await database.db.query<{ last_value: string | number; is_called: boolean }>(
          'select last_value, is_called from code_read_probe',
        )
        return row?.is_called ? Number(row.last_value) : 0
      }
      const ctx = {
        db: database.db,
        kv: await createTestKv('memory'),
        encryptionKey: randomBytes(32),
        now: Date.now,
      }
      const appId = 'app_read_gate'
      const address = 'gate@example.com'
      const refused = { code: 'invalid_credentials' }
      const { code, flowId } = await issueOtp(ctx, appId, 'email', address)
      const wrong = code === '000000' ? '111111' : '000000'

      await expect(verifyOtp(ctx, appId, 'email', address, wrong, flowId, readProbe)).rejects.toMatchObject(
        refused,
      )
      const other = await issueOtp(ctx, appId, 'email', address)
      await expect(
        verifyOtp(ctx, appId, 'email', address, code, other.flowId, readProbe),
      ).rejects.toMatchObject(refused)
      const late = { ...ctx, now: () => Date.now() + (OTP_TTL_SECONDS + 1) * 1000 }
      await expect(verifyOtp(late, appId, 'email', address, code, flowId, readProbe)).rejects.toMatchObject(
        refused,
      )
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

      await expect(verifyOtp(ctx, appId, 'email', address, code, flowId, readProbe)).rejects.toMatchObject(
        refused,
      )
      expect(await probeCalls()).toBe(1)
    } finally {
      await database.drop()
    }
    // PGlite boots and runs every migration in the test: about 13 s on a quiet 2-core machine.
  }, 120_000)
})
