import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../test/support/testDatabase'
import type { Db } from '../db/createDatabase'
import { migrate } from '../db/migrate'
import { createAuditBatcher } from './createAuditBatcher'

/** A database that records each insert and takes `ms` to commit it; `refuse` picks inserts that fail. */
function slowDb(ms: number, refuse: (params: unknown[]) => boolean = () => false) {
  const inserts: unknown[][] = []
  const db: Db = {
    async query<Row>(_sql: string, params: readonly unknown[] = []) {
      inserts.push([...params])
      await new Promise((resolve) => setTimeout(resolve, ms))
      if (refuse([...params])) throw new Error('refused')
      return [] as Row[]
    },
    transaction: (fn) => fn(db),
  }
  return { db, inserts }
}

const entry = (n: number, details: Record<string, unknown> = {}) => ({
  action: 'wallet.rpc',
  outcome: 'success' as const,
  userId: `usr_${n}`,
  details,
})

describe('createAuditBatcher', () => {
  it('writes a lone entry at once, and entries arriving during an insert together in the next one', async () => {
    const { db, inserts } = slowDb(20)
    const audit = createAuditBatcher(db)
    await audit.write(entry(0))
    expect(inserts).toHaveLength(1)
    await Promise.all(Array.from({ length: 10 }, (_, i) => audit.write(entry(i + 1))))
    // Ten concurrent entries take at most two inserts (one may already be under way), in order.
    const batches = inserts.slice(1)
    expect(batches.length).toBeLessThanOrEqual(2)
    expect(batches.flatMap((params) => params[1] as string[])).toEqual(
      Array.from({ length: 10 }, (_, i) => `usr_${i + 1}`),
    )
  })

  it('fails every caller of a batch only when no entry can be stored at all (the database is down)', async () => {
    const { db } = slowDb(1, () => true)
    const audit = createAuditBatcher(db)
    const results = await Promise.allSettled([audit.write(entry(1)), audit.write(entry(2))])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
  })

  it('an entry the database refuses does not fail its neighbours, and is kept without its details', async () => {
    // The database refuses any insert that carries this entry's details.
    const { db, inserts } = slowDb(1, (params) => JSON.stringify(params[5]).includes('poison'))
    const audit = createAuditBatcher(db)
    const results = await Promise.allSettled([
      audit.write(entry(1)),
      audit.write(entry(2, { note: 'poison' })),
      audit.write(entry(3)),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
    const stored = inserts.filter((params) => !JSON.stringify(params[5]).includes('poison'))
    expect(stored.flatMap((params) => params[1] as string[]).sort()).toEqual(['usr_1', 'usr_2', 'usr_3'])
    const kept = stored.find((params) => (params[1] as string[]).includes('usr_2'))
    expect(kept?.[5]).toEqual(['{"details_unavailable":true}'])
  })

  it('record never throws nor waits; an entry that cannot be stored is reported without its details', async () => {
    const { db } = slowDb(1, () => true)
    const lost: unknown[] = []
    const audit = createAuditBatcher(db, { onLost: (_error, what) => lost.push(what) })
    expect(audit.record(entry(1, { secret_ish: 'x' }))).toBeUndefined()
    await audit.flush()
    await new Promise((resolve) => setImmediate(resolve))
    expect(lost).toEqual([{ action: 'wallet.rpc', outcome: 'success' }])
  })
})

describe('createAuditBatcher on the database', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrate(database.db)
  })
  afterAll(() => database.drop())

  const rows = (userIds: string[]) =>
    database.db.query<{ user_id: string; outcome: string; details: Record<string, unknown> }>(
      'select user_id, outcome, details from audit_log where user_id = any($1) order by id',
      [userIds],
    )

  it("one user's NUL or lone surrogate in a request never fails another user's audit entry", async () => {
    const audit = createAuditBatcher(database.db)
    const users = Array.from({ length: 20 }, (_, i) => `usr_nul_${i}`)
    const results = await Promise.allSettled(
      users.map((userId, i) =>
        audit.write({
          action: 'wallet.rpc',
          outcome: 'success',
          userId,
          details: { caip2: i === 7 ? 'eip155:1\u0000' : 'eip155:1', note: i === 7 ? 'bad \ud800' : 'ok' },
        }),
      ),
    )
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true)
    const stored = await rows(users)
    expect(stored.map((row) => row.user_id).sort()).toEqual([...users].sort())
    const hostile = stored.find((row) => row.user_id === 'usr_nul_7')
    expect(hostile?.details).toEqual({ caip2: 'eip155:1\uFFFD', note: 'bad \uFFFD' })
  })

  it('an intent is stored before begin resolves, and its outcome later under the same request id', async () => {
    const audit = createAuditBatcher(database.db)
    const intent = await audit.begin({
      action: 'wallet.rpc',
      userId: 'usr_intent',
      details: { method: 'eth_sendTransaction' },
    })
    expect(await rows(['usr_intent'])).toEqual([
      {
        user_id: 'usr_intent',
        outcome: 'started',
        details: { method: 'eth_sendTransaction', request_id: intent.requestId },
      },
    ])
    intent.complete('success', { transaction_hash: '0xabc' })
    await audit.flush()
    expect((await rows(['usr_intent']))[1]).toEqual({
      user_id: 'usr_intent',
      outcome: 'success',
      details: { method: 'eth_sendTransaction', request_id: intent.requestId, transaction_hash: '0xabc' },
    })
  })
})
