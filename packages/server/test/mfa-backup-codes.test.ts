import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createMfaSteps } from './support/mfaSteps'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

const { signIn, post, withTotp, verifyTotp } = createMfaSteps(() => t)

const remaining = async (token: string) =>
  (await t.call('GET', '/api/v1/mfa/backup_codes', { token })).json().remaining

describe('MFA backup codes', () => {
  it('TOTP enrolment answers 10 backup codes, once, distinct and easy to copy', async () => {
    const { token, backupCodes } = await withTotp('backup-enrol@example.com')
    expect(backupCodes).toHaveLength(10)
    expect(new Set(backupCodes).size).toBe(10)
    for (const code of backupCodes ?? [])
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/)
    const count = await t.call('GET', '/api/v1/mfa/backup_codes', { token })
    expect(count.statusCode).toBe(200)
    // The read answers how many are left, never the codes.
    expect(Object.keys(count.json()).sort()).toEqual(['created_at', 'remaining'])
    expect(count.json().remaining).toBe(10)
  })

  it('a backup code passes MFA in place of a TOTP code, and works once', async () => {
    const { token, backupCodes } = await withTotp('backup-use@example.com')
    const code = backupCodes?.[3] ?? ''
    // Typed the way a person may: upper case, a space for the dash.
    const pass = await post('/api/v1/mfa/backup_codes/verify', token, {
      body: { code: code.toUpperCase().replace('-', ' ') },
    })
    expect(pass.statusCode, pass.body).toBe(200)
    // The MFA token it answers opens what a TOTP verification opens: removing TOTP, here.
    const unenroll = await post('/api/v1/mfa/totp/unenroll', token, { mfa: pass.json().token })
    expect(unenroll.statusCode, unenroll.body).toBe(200)
    const again = await withTotp('backup-use-2@example.com')
    const first = await post('/api/v1/mfa/backup_codes/verify', again.token, {
      body: { code: again.backupCodes?.[0] },
    })
    expect(first.statusCode).toBe(200)
    expect(await remaining(again.token)).toBe(9)
    const replay = await post('/api/v1/mfa/backup_codes/verify', again.token, {
      body: { code: again.backupCodes?.[0] },
    })
    expectAnswer(replay, 401, {
      error: 'The backup code is wrong or was already used',
      code: 'invalid_credentials',
    })
  })

  it("one user's code is nobody else's, and a made-up code is refused", async () => {
    const ada = await withTotp('backup-ada@example.com')
    const bob = await withTotp('backup-bob@example.com')
    const stolen = await post('/api/v1/mfa/backup_codes/verify', bob.token, {
      body: { code: ada.backupCodes?.[0] },
    })
    expect(stolen.json().code).toBe('invalid_credentials')
    const madeUp = await post('/api/v1/mfa/backup_codes/verify', bob.token, { body: { code: 'abcde-fghjk' } })
    expect(madeUp.json().code).toBe('invalid_credentials')
    const junk = await post('/api/v1/mfa/backup_codes/verify', bob.token, { body: { code: '<script>' } })
    expect(junk.statusCode).toBe(400)
    expect(junk.json().code).toBe('invalid_data')
    expect(await remaining(ada.token)).toBe(10)
  })

  it('the database holds only keyed hashes, never a code', async () => {
    const { userId, backupCodes } = await withTotp('backup-dump@example.com')
    const rows = await t.database.db.query<{ code_hash: Uint8Array }>(
      'select code_hash from mfa_backup_codes where user_id = $1',
      [userId],
    )
    expect(rows).toHaveLength(10)
    const dump = rows.map((row) => Buffer.from(row.code_hash).toString('latin1')).join('')
    for (const code of backupCodes ?? []) {
      expect(dump).not.toContain(code)
      expect(dump).not.toContain(code.replace('-', ''))
    }
  })

  it('regenerating needs the session key and a fresh second factor, and voids the old codes', async () => {
    const { token, secret, backupCodes } = await withTotp('backup-regen@example.com')
    const bare = await post('/api/v1/mfa/backup_codes', token)
    expect(bare.statusCode).toBe(403)
    expect(bare.json().code).toBe('missing_or_invalid_mfa')
    const unsigned = await t.call('POST', '/api/v1/mfa/backup_codes', { token })
    expect(unsigned.statusCode).toBe(401)
    const mfa = await verifyTotp(token, secret)
    const fresh = await post('/api/v1/mfa/backup_codes', token, { mfa })
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect(fresh.json().backup_codes).toHaveLength(10)
    const old = await post('/api/v1/mfa/backup_codes/verify', token, { body: { code: backupCodes?.[0] } })
    expect(old.json().code).toBe('invalid_credentials')
    const now = await post('/api/v1/mfa/backup_codes/verify', token, {
      body: { code: fresh.json().backup_codes[0] },
    })
    expect(now.statusCode).toBe(200)
  })

  it('without a second factor there are no backup codes to make, and removing the last one voids them', async () => {
    const login = await signIn('backup-none@example.com')
    const none = await post('/api/v1/mfa/backup_codes', login.token)
    expectAnswer(none, 400, { error: 'Set up a second factor before backup codes', code: 'invalid_data' })
    const { token, secret } = await withTotp('backup-last@example.com')
    const mfa = await verifyTotp(token, secret)
    expect((await post('/api/v1/mfa/totp/unenroll', token, { mfa })).statusCode).toBe(200)
    expect(await remaining(token)).toBe(0)
  })

  it('guesses are limited per session like TOTP codes: the sixth try is refused even with a right code', async () => {
    const { token, backupCodes } = await withTotp('backup-guess@example.com')
    for (let i = 0; i < 5; i++)
      await post('/api/v1/mfa/backup_codes/verify', token, { body: { code: `zzzzz-zzzz${i}` } })
    const held = await post('/api/v1/mfa/backup_codes/verify', token, { body: { code: backupCodes?.[0] } })
    expect(held.statusCode).toBe(429)
    expect(await remaining(token)).toBe(10)
  })
})
