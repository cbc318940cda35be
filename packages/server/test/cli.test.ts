import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../src/db/testDatabase'

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
})
