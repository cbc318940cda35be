import type { Db } from '../../platform/db/createDatabase'
import { hasPlaintextAppSecrets } from './hasPlaintextAppSecrets'
import { sealAppSettings } from './sealAppSettings'
import type { AppSettings } from './types'

/**
 * Seals the secret settings that an older server stored in plaintext, and answers the ids of the
 * apps it rewrote. Run at every start, after the SQL migrations.
 *
 * Why here and not in a SQL migration: sealing needs the API's encryption key, which the database
 * never sees (pgcrypto would put the key in a statement, and PGlite lacks it anyway). Why not on
 * read: a read path that writes would run on every instance under load; once at start, the table
 * (a few rows per operator) is read once and only rows holding plaintext are touched.
 *
 * Several instances starting together are safe: each update only applies if the row still holds
 * the settings this instance read (jsonb equality), so a row is rewritten once and an operator's
 * concurrent change is never overwritten (it is sealed by the repository that writes it).
 *
 * @example
 * const rewritten = await sealStoredAppSecrets(db, encryptionKey) // ['app_...'] the first time, [] after
 */
export async function sealStoredAppSecrets(db: Db, encryptionKey: Uint8Array): Promise<string[]> {
  const rows = await db.query<{ id: string; settings: AppSettings }>('select id, settings from apps')
  const rewritten: string[] = []
  for (const row of rows) {
    if (!hasPlaintextAppSecrets(row.settings)) continue
    const updated = await db.query(
      'update apps set settings = $2 where id = $1 and settings = $3::jsonb returning id',
      [
        row.id,
        JSON.stringify(sealAppSettings(encryptionKey, row.id, row.settings)),
        JSON.stringify(row.settings),
      ],
    )
    if (updated.length > 0) rewritten.push(row.id)
  }
  return rewritten
}
