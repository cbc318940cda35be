import { open, seal, sealedKeyId } from '../../platform/crypto/seal'
import { type SealingKey, sealingKeyId } from '../../platform/crypto/sealingKey'
import type { Db } from '../../platform/db/createDatabase'
import type { SealedColumn } from './sealedColumns'

export type ResealProgress = { label: string; done: number; total: number }

export type ResealColumnOptions = {
  batchSize: number
  /** After each batch is written: progress lines, and the point where an interruption is tested. */
  onBatch?: ((progress: ResealProgress) => void | Promise<void>) | undefined
}

/** A stored value that no key of the ring opens: the rotation stops before touching it. */
export class UnopenableValueError extends Error {}

/**
 * Re-seals, under `key`'s current key, every value of `column` that another key sealed, in batches
 * of `options.batchSize`; answers how many it rewrote. Values are found by the key id they carry,
 * so a run that was killed resumes where it stopped by running again. Each write is one statement
 * that applies only while the row still holds the value that was read: a server writing the row
 * meanwhile (under the new key) wins, and no value is ever written twice or from a stale read.
 *
 * @throws {UnopenableValueError} at the first value no key of the ring opens (the row is named,
 * never its value); what was re-sealed before it stays re-sealed, which is correct either way.
 */
export async function resealColumn(
  db: Db,
  key: SealingKey,
  column: SealedColumn,
  options: ResealColumnOptions,
): Promise<number> {
  const { table, id, column: name, associatedData } = column
  const header = Buffer.concat([Buffer.of(2), sealingKeyId(key)])
  const notCurrent = `${name} is not null and length(${name}) > 0 and substring(${name} from 1 for 5) <> $1`
  const [counted] = await db.query<{ n: string }>(`select count(*) as n from ${table} where ${notCurrent}`, [
    header,
  ])
  const total = Number(counted?.n ?? 0)
  let done = 0
  let after = ''
  for (;;) {
    const rows = await db.query<{ id: string; sealed: Uint8Array; aad: string }>(
      `select ${id} as id, ${name} as sealed, ${associatedData} as aad from ${table}
       where ${notCurrent} and ${id} > $2 order by ${id} limit $3`,
      [header, after, options.batchSize],
    )
    if (rows.length === 0) return done
    for (const row of rows) {
      const plaintext = openOrExplain(key, row, column)
      const resealed = seal(key, plaintext, row.aad)
      plaintext.fill(0)
      const written = await db.query(
        `update ${table} set ${name} = $1 where ${id} = $2 and ${name} = $3 returning ${id}`,
        [resealed, row.id, row.sealed],
      )
      if (written.length > 0) done++
      after = row.id
    }
    await options.onBatch?.({ label: column.label, done, total })
  }
}

function openOrExplain(
  key: SealingKey,
  row: { id: string; sealed: Uint8Array; aad: string },
  column: SealedColumn,
): Uint8Array {
  try {
    return open(key, row.sealed, row.aad)
  } catch {
    const sealedBy = sealedKeyId(row.sealed)
    throw new UnopenableValueError(
      `${column.label}: ${column.table} ${row.id} was sealed under ${sealedBy ? `key id ${sealedBy}` : 'a key that is not given'}, which neither the new key nor the previous one opens`,
    )
  }
}
