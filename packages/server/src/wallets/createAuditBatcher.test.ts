import { describe, expect, it } from 'vitest'
import type { Db } from '../db/createDatabase'
import { createAuditBatcher } from './createAuditBatcher'

/** A database that records each insert and takes `ms` to commit it. */
function slowDb(ms: number, fail = false) {
  const inserts: unknown[][] = []
  const db: Db = {
    async query<Row>(_sql: string, params: readonly unknown[] = []) {
      inserts.push([...params])
      await new Promise((resolve) => setTimeout(resolve, ms))
      if (fail) throw new Error('disk full')
      return [] as Row[]
    },
    transaction: (fn) => fn(db),
  }
  return { db, inserts }
}

const entry = (n: number) => ({ action: 'wallet.rpc', outcome: 'success' as const, userId: `usr_${n}` })

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

  it('fails every caller of a batch that could not be written', async () => {
    const { db } = slowDb(1, true)
    const audit = createAuditBatcher(db)
    const results = await Promise.allSettled([audit.write(entry(1)), audit.write(entry(2))])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
  })
})
