import { ApiError } from '@satchel/core'
import { createId, createRandomToken, hashToken, secretsEqual } from '../../platform/crypto/tokens'
import type { Db } from '../../platform/db/createDatabase'

/** What a secret may do: `full`, anything the app may; `read_only`, GET routes only. */
export type AppSecretAccess = 'full' | 'read_only'

/** A secret as its owner sees it in a list: never the secret, only its prefix. */
export type AppSecretInfo = {
  id: string
  prefix: string
  access: AppSecretAccess
  createdAt: Date
  lastUsedAt: Date | null
}

/** A stored secret with its hash, for checking a presented one (kept out of anything logged). */
export type StoredAppSecret = AppSecretInfo & { hash: Buffer }

/** How many secrets an app may hold at once: enough to rotate, few enough to keep track of. */
export const MAX_APP_SECRETS = 5

type Row = {
  id: string
  secret_hash: Buffer
  prefix: string
  access: AppSecretAccess
  created_at: Date
  last_used_at: Date | null
}

/**
 * Makes a secret for an app and answers it with the only copy of the secret: only its hash is kept.
 * The count and the app row are checked under the app row's lock, so two requests racing cannot
 * take an app past {@link MAX_APP_SECRETS}.
 *
 * @example
 * const { secret } = await createAppSecret(db, app.id, 'read_only')
 */
export async function createAppSecret(
  db: Db,
  appId: string,
  access: AppSecretAccess,
): Promise<{ info: AppSecretInfo; secret: string }> {
  return db.transaction(async (tx) => {
    await lockApp(tx, appId)
    const [count] = await tx.query<{ n: number }>(
      'select count(*)::int as n from app_secrets where app_id = $1',
      [appId],
    )
    if ((count?.n ?? 0) >= MAX_APP_SECRETS) throw new ApiError('app_secret_limit_reached')
    const secret = `sk_${createRandomToken(32)}`
    const [row] = await tx.query<Row>(
      `insert into app_secrets (id, app_id, secret_hash, prefix, access) values ($1, $2, $3, $4, $5)
       returning id, secret_hash, prefix, access, created_at, last_used_at`,
      [createId('sec'), appId, hashToken(secret), secret.slice(0, 8), access],
    )
    if (!row) throw new Error('insert returned nothing')
    return { info: toInfo(row), secret }
  })
}

/** The app's secrets, oldest first. */
export async function listAppSecrets(db: Db, appId: string): Promise<StoredAppSecret[]> {
  const rows = await db.query<Row>(
    `select id, secret_hash, prefix, access, created_at, last_used_at from app_secrets
     where app_id = $1 order by created_at, id`,
    [appId],
  )
  return rows.map((row) => ({ ...toInfo(row), hash: row.secret_hash }))
}

/**
 * Deletes one of the app's secrets. The last full secret stays: without it nobody could make a new
 * one, and the app's backend would be locked out of its own app. A secret of another app is
 * `not_found`, as if it did not exist.
 *
 * @example
 * await deleteAppSecret(db, app.id, 'sec_...')
 */
export async function deleteAppSecret(db: Db, appId: string, secretId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockApp(tx, appId)
    const rows = await tx.query<{ id: string; access: AppSecretAccess }>(
      'select id, access from app_secrets where app_id = $1',
      [appId],
    )
    const target = rows.find((row) => row.id === secretId)
    if (!target) throw new ApiError('not_found', { message: 'Unknown app secret' })
    if (target.access === 'full' && rows.filter((row) => row.access === 'full').length === 1)
      throw new ApiError('last_full_app_secret')
    await tx.query('delete from app_secrets where id = $1 and app_id = $2', [secretId, appId])
  })
}

/**
 * The stored secret `secret` is, among `stored`, compared in constant time against every one (an
 * app holds at most five), so the timing says nothing about which matched.
 */
export function matchAppSecret(
  stored: readonly StoredAppSecret[],
  secret: string,
): StoredAppSecret | undefined {
  const hash = hashToken(secret)
  let found: StoredAppSecret | undefined
  for (const candidate of stored) if (secretsEqual(candidate.hash, hash) && !found) found = candidate
  return found
}

/** Records a secret's use, at most once a minute per secret (a write per request would be waste). */
export async function touchAppSecret(db: Db, secretId: string, at: Date): Promise<void> {
  await db.query(
    `update app_secrets set last_used_at = $2
     where id = $1 and (last_used_at is null or last_used_at < $2::timestamptz - interval '1 minute')`,
    [secretId, at],
  )
}

async function lockApp(tx: Db, appId: string): Promise<void> {
  const [app] = await tx.query('select id from apps where id = $1 for update', [appId])
  if (!app) throw new ApiError('app_not_found')
}

function toInfo(row: Row): AppSecretInfo {
  return {
    id: row.id,
    prefix: row.prefix,
    access: row.access,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }
}
