import { mapAppSecretFields } from '../../identity/apps/mapAppSecretFields'
import { sealedAppSecretSchema } from '../../identity/apps/sealAppSettings'
import type { AppSettings } from '../../identity/apps/types'
import { open, seal, sealedKeyId } from '../../platform/crypto/seal'
import { type SealingKey, sealingKeyId } from '../../platform/crypto/sealingKey'
import type { Db } from '../../platform/db/createDatabase'
import { UnopenableValueError } from './resealColumn'

/**
 * Re-seals under `key`'s current key the secret settings of every app (OAuth client secrets, the
 * Telegram bot token, ...) that another key sealed; answers how many apps it rewrote. An app's row
 * is written only while it still holds the settings that were read (jsonb equality), so an
 * operator's change made meanwhile is never overwritten, and a rerun finds what is left.
 *
 * @throws {UnopenableValueError} naming the app and the setting (never its value).
 */
export async function resealAppSettings(db: Db, key: SealingKey): Promise<number> {
  const current = sealingKeyId(key).toString('hex')
  const rows = await db.query<{ id: string; settings: AppSettings }>('select id, settings from apps')
  let rewritten = 0
  for (const row of rows) {
    let changed = false
    const settings = mapAppSecretFields(row.id, row.settings, (field) => {
      const parsed = sealedAppSecretSchema.safeParse(field.value)
      if (!parsed.success) return field.value
      const sealed = Buffer.from(parsed.data.sealed, 'base64')
      if (sealedKeyId(sealed) === current) return field.value
      let plaintext: Uint8Array
      try {
        plaintext = open(key, sealed, field.associatedData)
      } catch {
        throw new UnopenableValueError(
          `app settings: ${field.path.join('.')} of app ${row.id} opens with neither the new key nor the previous one`,
        )
      }
      changed = true
      return { sealed: Buffer.from(seal(key, plaintext, field.associatedData)).toString('base64') }
    })
    if (!changed) continue
    const written = await db.query(
      'update apps set settings = $2 where id = $1 and settings = $3::jsonb returning id',
      [row.id, JSON.stringify(settings), JSON.stringify(row.settings)],
    )
    rewritten += written.length
  }
  return rewritten
}
