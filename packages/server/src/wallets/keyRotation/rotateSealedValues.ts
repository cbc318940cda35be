import type { SealingKey } from '../../platform/crypto/sealingKey'
import type { Db } from '../../platform/db/createDatabase'
import { resealAppSettings } from './resealAppSettings'
import { type ResealProgress, resealColumn } from './resealColumn'
import { ENCRYPTION_KEY_COLUMNS, VAULT_KEK_COLUMNS } from './sealedColumns'

export type RotateSealedValuesParameters = {
  /** `encryption`: what SATCHEL_ENCRYPTION_KEY seals; `vault-kek`: what SATCHEL_VAULT_KEK seals. */
  which: 'encryption' | 'vault-kek'
  /** The new key, with the key being replaced as its `previous`. */
  key: SealingKey
  /** Rows read and re-sealed per batch. Default 200. */
  batchSize?: number | undefined
  onBatch?: ((progress: ResealProgress) => void | Promise<void>) | undefined
}

export type RotateSealedValuesReturnType = { resealed: Record<string, number>; stragglers: number }

/**
 * The work of `satchel keys rotate`: every stored value sealed under another key than `key`'s current
 * one is re-sealed under it, store by store, in batches, while servers holding both keys keep running.
 * A second pass re-seals stragglers (values a server still holding only the old key wrote meanwhile)
 * and counts them: when it finds none, no server seals under the old key and it can be removed.
 *
 * @example
 * const key = createSealingKey(newKey, [oldKey])
 * const { stragglers } = await rotateSealedValues(db, { which: 'encryption', key }) // stragglers: 0
 */
export async function rotateSealedValues(
  db: Db,
  parameters: RotateSealedValuesParameters,
): Promise<RotateSealedValuesReturnType> {
  const columns = parameters.which === 'encryption' ? ENCRYPTION_KEY_COLUMNS : VAULT_KEK_COLUMNS
  const options = { batchSize: parameters.batchSize ?? 200, onBatch: parameters.onBatch }
  const resealed: Record<string, number> = {}
  for (const column of columns)
    resealed[column.label] = await resealColumn(db, parameters.key, column, options)
  if (parameters.which === 'encryption')
    resealed['app settings'] = await resealAppSettings(db, parameters.key)
  let stragglers = 0
  for (const column of columns)
    stragglers += await resealColumn(db, parameters.key, column, { batchSize: options.batchSize })
  if (parameters.which === 'encryption') stragglers += await resealAppSettings(db, parameters.key)
  return { resealed, stragglers }
}
