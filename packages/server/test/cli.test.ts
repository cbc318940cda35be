import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'

const run = promisify(execFile)
const bin = new URL('../bin/satchel.js', import.meta.url).pathname
let dataDir: string
let database: TestDatabase

// The CLI runs on the local PostgreSQL when it answers (a fresh database), else on PGlite in a temp folder.
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'satchel-cli-'))
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.drop()
  await rm(dataDir, { recursive: true, force: true })
})

const satchel = (args: string[], env: Record<string, string> = {}) =>
  run('node', [bin, ...args], {
    env: { ...process.env, SATCHEL_DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', ...env },
    timeout: 60_000,
  })

describe('satchel CLI', { timeout: 120_000 }, () => {
  it('creates an app and prints its id and secret once, as JSON with --json', async () => {
    const { stdout } = await satchel([
      'apps',
      'create',
      '--name',
      'Shop',
      '--origin',
      'https://shop.example',
      '--json',
    ])
    const created = JSON.parse(stdout)
    expect(Object.keys(created).sort()).toEqual(['app_id', 'app_secret'])
    expect(created.app_id).toMatch(/^app_/)
    const listed = await satchel(['apps', 'list', '--json'])
    expect(listed.stdout).toContain(created.app_id)
    expect(listed.stdout).toContain('https://shop.example')
    expect(listed.stdout).not.toContain(created.app_secret)
  })

  it('invites console operators by email and role, and lists them with their state', async () => {
    const invited = await satchel(['operators', 'invite', '--email', 'Ops@Example.com', '--role', 'owner'])
    expect(invited.stdout).toContain('ops@example.com is an owner of the Satchel console')
    const listed = await satchel(['operators', 'list', '--json'])
    expect(JSON.parse(listed.stdout.trim())).toMatchObject({
      email: 'ops@example.com',
      role: 'owner',
      accepted: false,
    })
    await expect(
      satchel(['operators', 'invite', '--email', 'x@example.com', '--role', 'god']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('--role must be one of owner, admin, viewer'),
    })
  })

  it('refuses a bad origin and an unknown login method with a clear message', async () => {
    await expect(
      satchel(['apps', 'create', '--name', 'X', '--origin', 'https://x.example/path']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('Invalid origin'),
    })
    await expect(
      satchel(['apps', 'create', '--name', 'X', '--methods', 'email,carrier-pigeon']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('unknown login method(s): carrier-pigeon'),
    })
  })

  it('stops at start with a message naming a bad variable', async () => {
    await expect(satchel(['serve'], { PORT: 'eighty' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('PORT'),
    })
  })

  describe('under NODE_ENV=production', () => {
    const production = {
      NODE_ENV: 'production',
      SATCHEL_ENCRYPTION_KEY: 'ab'.repeat(32),
      SATCHEL_VAULT_KEK: 'cd'.repeat(32),
      SATCHEL_SINGLE_INSTANCE: 'true',
    }

    it('makes a production-mode app without --production, and refuses email login without SMTP_URL', async () => {
      await expect(
        satchel(['apps', 'create', '--name', 'Mail', '--methods', 'email,guest'], production),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          'satchel: SMTP_URL: required in production for email login (set it, or leave email out of --methods)',
        ),
      })
      const { stdout } = await satchel(
        ['apps', 'create', '--name', 'Guests', '--methods', 'guest', '--json'],
        production,
      )
      const { app_id } = JSON.parse(stdout)
      const listed = await satchel(['apps', 'list', '--json'], production)
      expect(listed.stdout.split('\n').find((line) => line.includes(app_id))).toContain('"mode":"production"')
    })

    it('refuses to serve while an app enables a login method production cannot deliver, naming the variable', async () => {
      // The 'Shop' app made above enables email and SMS (the defaults) and no provider is configured.
      await expect(satchel(['serve'], { ...production, PORT: '0' })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /^satchel: SMTP_URL: required in production, because app app_\S+ \(Shop\) enables email login/,
        ),
      })
    })
  })
})
