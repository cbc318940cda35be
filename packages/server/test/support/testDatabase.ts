import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { createDatabase, type Database } from '../../src/platform/db/createDatabase'
import { migrate } from '../../src/platform/db/migrate'

const ADMIN_URL = process.env.SATCHEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/platform/db/migrations/', import.meta.url))
// Any constant: test files (one process each) that start together take turns building the template.
const TEMPLATE_LOCK_ID = 7_305_115

let reachable: Promise<boolean> | undefined

/** True when the local PostgreSQL answers; tests then use it, PGlite otherwise. */
export function isPostgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    if (process.env.SATCHEL_TEST_DB === 'pglite') return false
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
      await client.query('select 1')
      return true
    } catch {
      if (process.env.SATCHEL_TEST_DB === 'postgres') throw new Error(`PostgreSQL required but not reachable`)
      return false
    } finally {
      await client.end().catch(() => {})
    }
  })()
  return reachable
}

export type TestDatabase = { url: string | undefined; db: Database; drop(): Promise<void> }

export type CreateTestDatabaseOptions = {
  /** An empty database rather than a migrated one (for tests of the migrations themselves). */
  empty?: boolean
}

/**
 * A database for one test file: on the local PostgreSQL server when it is reachable (dropped
 * afterwards), a copy of a template database migrated once for the current migrations
 * (`CREATE DATABASE … TEMPLATE`, much faster than migrating each file's own), or an empty one with
 * `empty`; an in-memory PGlite otherwise (empty: the app migrates it as it starts).
 *
 * @example
 * const test = await createTestDatabase()
 * afterAll(() => test.drop())
 */
export async function createTestDatabase(
  kind: 'auto' | 'pglite' = 'auto',
  { empty = false }: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (kind === 'auto' && (await isPostgresReachable())) {
    const name = `satchel_test_${randomBytes(6).toString('hex')}`
    const template = empty ? undefined : await ensureTemplate()
    await withAdmin((c) =>
      c.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
    )
    const url = databaseUrl(name)
    const db = await createDatabase({ url })
    return {
      url,
      db,
      async drop() {
        await db.close()
        await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`))
      },
    }
  }
  const db = await createDatabase({ dataDir: undefined })
  return { url: undefined, db, drop: () => db.close() }
}

let template: Promise<string> | undefined

/**
 * The name of the migrated template for the migrations as they are now (named by a hash of their
 * files, so a changed migration gets a template of its own), built by the first test file that
 * needs it: migrated under another name and renamed when done, so no file ever copies half a template.
 */
function ensureTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256')
    for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
      hash.update(`${file}\n`).update(readFileSync(`${MIGRATIONS_DIR}${file}`))
    }
    const name = `satchel_template_${hash.digest('hex').slice(0, 16)}`
    await withAdmin(async (admin) => {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID])
      try {
        const found = await admin.query('select 1 from pg_database where datname = $1', [name])
        if (found.rowCount) return
        const building = `${name}_building`
        await admin.query(`drop database if exists ${building} with (force)`)
        await admin.query(`create database ${building}`)
        const db = await createDatabase({ url: databaseUrl(building) })
        try {
          await migrate(db)
        } finally {
          await db.close()
        }
        await admin.query(`alter database ${building} rename to ${name}`)
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID])
      }
    })
    return name
  })()
  return template
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
