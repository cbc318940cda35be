import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDatabase, type Database } from '../../src/platform/db/createDatabase'

const ADMIN_URL = process.env.SATCHEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

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

/**
 * A fresh, empty database for one test file: a new database on the local PostgreSQL server when it is
 * reachable (dropped afterwards), an in-memory PGlite otherwise.
 */
export async function createTestDatabase(kind: 'auto' | 'pglite' = 'auto'): Promise<TestDatabase> {
  if (kind === 'auto' && (await isPostgresReachable())) {
    const name = `satchel_test_${randomBytes(6).toString('hex')}`
    await withAdmin((c) => c.query(`create database ${name}`))
    const url = new URL(ADMIN_URL)
    url.pathname = `/${name}`
    const db = await createDatabase({ url: url.toString() })
    return {
      url: url.toString(),
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

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
