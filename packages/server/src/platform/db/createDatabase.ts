import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { DatabaseError } from './DatabaseError'

/** What a module may do with the database: parameterised SQL and transactions, nothing driver-specific. */
export type Db = {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs `fn` in one transaction; throws roll it back. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
}

export type Database = Db & {
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export type CreateDatabaseParameters =
  | { url: string; maxConnections?: number }
  | { dataDir: string | undefined /* undefined: in memory */ }

/**
 * One interface over a PostgreSQL server (`pg` pool) and PGlite (Postgres in WASM, in-process, a data
 * folder on disk). Both speak the same SQL, so every module is written once. A failed statement throws a
 * {@link DatabaseError}: the SQLSTATE and the statement, none of its parameters (so no log line shows them).
 *
 * @example
 * const db = await createDatabase({ url: 'postgres://127.0.0.1:5432/test' })
 * const [row] = await db.query<{ n: number }>('select 1 as n')
 */
export async function createDatabase(parameters: CreateDatabaseParameters): Promise<Database> {
  if ('url' in parameters) return createPostgres(parameters.url, parameters.maxConnections ?? 10)
  return createPglite(parameters.dataDir)
}

function createPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const prepared = createStatementNames()
  const run = async <Row>(
    on: pg.Pool | pg.PoolClient,
    sql: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<Row[]> => {
    const name = prepared.nameOf(sql, params)
    try {
      return (await on.query({ name, text: sql, values: params as unknown[] })).rows as Row[]
    } catch (error) {
      // A migration changed what a prepared `select *` returns (an instance of the last release,
      // during a rolling upgrade): that text runs unprepared from now on, and at once where it can.
      if (name !== undefined && isStalePlan(error)) {
        prepared.forget(sql)
        if (!inTransaction) return run(on, sql, params, inTransaction)
      }
      throw DatabaseError.from(error, sql)
    }
  }
  const fromClient = (client: pg.PoolClient): Db => ({
    query: (sql, params = []) => run(client, sql, params, true),
    transaction: (fn) => fn(fromClient(client)),
  })
  return {
    kind: 'postgres',
    query: (sql, params = []) => run(pool, sql, params, false),
    async transaction(fn) {
      const client = await pool.connect()
      // While it is checked out the pool does not listen for its errors: a server that ends the
      // connection between two of the transaction's queries (a restart) would crash the process.
      let lost: Error | undefined
      const onError = (error: Error) => {
        lost = error
      }
      client.on('error', onError)
      try {
        await client.query('begin')
        const result = await fn(fromClient(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.removeListener('error', onError)
        // A connection that failed is closed, not handed to the next transaction.
        client.release(lost)
      }
    },
    close: () => pool.end(),
  }
}

/** Distinct statements a process prepares at most (on each connection); later ones run unprepared. */
const MAX_PREPARED_STATEMENTS = 1_000

/**
 * Names for parameterised statements, so each connection parses and plans one once and then only
 * binds and runs it (PostgreSQL keeps a generic plan after a few runs). The name is the text's hash;
 * a statement without parameters stays unnamed (the simple protocol, which allows several statements
 * in one text), and so does every statement after the first {@link MAX_PREPARED_STATEMENTS}, so SQL
 * built with values in its text cannot fill the server's memory.
 */
function createStatementNames() {
  // null: runs unprepared (its plan went stale once).
  const names = new Map<string, string | null>()
  return {
    nameOf(sql: string, params: readonly unknown[]): string | undefined {
      if (params.length === 0) return undefined
      let name = names.get(sql)
      if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
        name = `s${createHash('sha1').update(sql).digest('base64url')}`
        names.set(sql, name)
      }
      return name ?? undefined
    },
    forget(sql: string): void {
      names.set(sql, null)
    },
  }
}

/** PostgreSQL's refusal to run a prepared statement whose result columns a schema change altered. */
function isStalePlan(error: unknown): boolean {
  return (error as { routine?: unknown } | null)?.routine === 'RevalidateCachedQuery'
}

async function createPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const db = dataDir ? new PGlite(dataDir) : new PGlite()
  await db.waitReady
  type Queryable = Pick<PGlite, 'query'>
  const fromQueryable = (q: Queryable, nested: boolean): Db => ({
    query: async <Row>(sql: string, params: readonly unknown[] = []) => {
      try {
        return (await q.query<Row>(sql, params as unknown[])).rows
      } catch (error) {
        throw DatabaseError.from(error, sql)
      }
    },
    // PGlite runs one transaction at a time; a nested call joins the open one.
    transaction: (fn) =>
      nested ? fn(fromQueryable(q, true)) : db.transaction((tx) => fn(fromQueryable(tx, true))),
  })
  return { kind: 'pglite', ...fromQueryable(db, false), close: () => db.close() }
}
