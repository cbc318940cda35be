import { afterAll, describe, expect, it } from 'vitest'
import { migrate, splitStatements } from './migrate'
import { createTestDatabase, isPostgresReachable, type TestDatabase } from './testDatabase'

const kinds = [['pglite'], ['auto']] as const

describe.each(kinds)('database (%s)', (kind) => {
  let test: TestDatabase
  afterAll(() => test?.drop())

  it('migrates an empty database once, and a second run applies nothing', async () => {
    test = await createTestDatabase(kind)
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

  it('keeps the audit log append-only', async () => {
    await test.db.query(`insert into audit_log (action, outcome) values ('login', 'success')`)
    await expect(test.db.query(`delete from audit_log`)).rejects.toThrow(/append-only/)
    await expect(test.db.query(`update audit_log set outcome = 'x'`)).rejects.toThrow(/append-only/)
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
