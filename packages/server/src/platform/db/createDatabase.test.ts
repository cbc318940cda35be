import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../../../test/support/testDatabase'
import { DatabaseError } from './DatabaseError'
import { migrate, splitStatements } from './migrate'

const kinds = [['pglite'], ['auto']] as const

describe.each(kinds)('database (%s)', (kind) => {
  let test: TestDatabase
  afterAll(() => test?.drop())

  it('migrates an empty database once, and a second run applies nothing', async () => {
    test = await createTestDatabase(kind, { empty: true })
    if (kind === 'auto') expect(test.db.kind).toBe((await isPostgresReachable()) ? 'postgres' : 'pglite')
    const first = await migrate(test.db)
    expect(first).toContain('001_identity.sql')
    expect(await migrate(test.db)).toEqual([])
  })

  it('rolls a failed transaction back', async () => {
    await test.db.query(`insert into apps (id, name, secret_hash) values ('app_a', 'A', '\\x00')`)
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query(`update apps set name = 'changed' where id = 'app_a'`)
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    const [row] = await test.db.query<{ name: string }>(`select name from apps where id = 'app_a'`)
    expect(row?.name).toBe('A')
  })

  it('fails a statement without any of its parameters reaching the error a log would print', async () => {
    const secret = 'code-482913-secret'
    const attempts = [
      [`select $1::uuid`, [secret]],
      [`select $1::jsonb`, [`{"a":"\\u0000${secret}"}`]],
      [`insert into apps (id, name, secret_hash) values ($1, $2, '\\x00')`, ['app_a', secret]],
      [`select 1 / 0 where $1 <> ''`, [secret]],
    ] as const
    for (const [sql, params] of attempts) {
      const error: unknown = await test.db.query(sql, [...params]).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      if (!(error instanceof DatabaseError)) throw new Error(`${sql}: not a DatabaseError: ${String(error)}`)
      expect(JSON.stringify(pino.stdSerializers.err(error)), sql).not.toContain(secret)
      expect(String(error), sql).not.toContain(secret)
    }
    // What callers branch on survives: the SQLSTATE and the constraint.
    const duplicate = await test.db
      .query(`insert into apps (id, name, secret_hash) values ('app_a', 'x', '\\x00')`)
      .catch((caught: unknown) => caught)
    expect(duplicate).toMatchObject({ code: '23505', table: 'apps', constraint: 'apps_pkey' })
  })

  it('keeps the audit log append-only', async () => {
    await test.db.query(`insert into audit_log (action, outcome) values ('login', 'success')`)
    await expect(test.db.query(`delete from audit_log`)).rejects.toThrow(/append-only/)
    await expect(test.db.query(`update audit_log set outcome = 'x'`)).rejects.toThrow(/append-only/)
  })
})

describe('a PostgreSQL restart', () => {
  it('ending a connection between two queries of a transaction fails that transaction only: the process and the pool carry on', async () => {
    const test = await createTestDatabase('auto')
    try {
      expect(test.db.kind).toBe('postgres')
      const transaction = test.db.transaction(async (tx) => {
        const [row] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
        // What `pg_ctl restart -m fast` does to every connection, here to this one alone.
        await test.db.query('select pg_terminate_backend($1)', [row?.pid])
        await new Promise((resolve) => setTimeout(resolve, 200))
        await tx.query('select 1')
      })
      await expect(transaction).rejects.toThrow()
      expect(await test.db.query('select 1 as n')).toEqual([{ n: 1 }])
    } finally {
      await test.drop()
    }
  })
})

describe('prepared statements (PostgreSQL)', () => {
  it('parses and plans a parameterised statement once per connection, and reuses it', async () => {
    const test = await createTestDatabase('auto')
    try {
      expect(test.db.kind).toBe('postgres')
      const sql = `select name from apps where id = $1 and name <> $2`
      const seen = await test.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.query(sql, ['app_none', 'x'])
        return tx.query<{ statement: string }>(
          `select statement from pg_prepared_statements where statement = $1`,
          [sql],
        )
      })
      expect(seen).toEqual([{ statement: sql }])
    } finally {
      await test.drop()
    }
  })

  it('keeps answering when a migration changes what a prepared `select *` returns', async () => {
    const test = await createTestDatabase('auto')
    try {
      await test.db.query('create table rolling (id int primary key, name text)')
      await test.db.query(`insert into rolling values (1, 'a')`)
      const read = () => test.db.query('select * from rolling where id = $1', [1])
      // Every pooled connection has it prepared (ten at once use as many connections).
      await Promise.all(Array.from({ length: 10 }, read))
      await test.db.query(`alter table rolling add column extra text default 'new'`)
      for (let i = 0; i < 12; i++) expect(await read()).toEqual([{ id: 1, name: 'a', extra: 'new' }])
    } finally {
      await test.drop()
    }
  })
})

describe('splitStatements', () => {
  it('keeps dollar-quoted bodies whole', () => {
    const parts = splitStatements(
      'create table a (x int);\ncreate function f() as $$\nbegin;\nend;\n$$;\nselect 1;',
    )
    expect(parts).toHaveLength(3)
    expect(parts[1]).toContain('begin;')
  })
})
