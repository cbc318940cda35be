import { ApiError } from '@satchel/core'
import type { ServerContext } from '../../identity/context'
import { open, seal } from '../../platform/crypto/seal'
import type { PasscodeKdf } from './derivePasscodeKey'

export type RecoveryKind = 'passcode' | 'google_drive'

/** A root locked behind the user's secret, as stored (the share sealed twice: user's key inside, API's key outside). */
export type RecoveryLock = {
  rootId: string
  userId: string
  kind: RecoveryKind
  salt: Uint8Array | null
  kdf: PasscodeKdf | null
  driveFileName: string | null
  sealedAuthShare: Uint8Array
}

type LockRow = {
  root_id: string
  user_id: string
  kind: RecoveryKind
  salt: Uint8Array | null
  kdf: PasscodeKdf | null
  drive_file_name: string | null
  sealed_auth_share: Uint8Array
}

/** The user's key root (every wallet of the user derives from it); `embedded_wallet_not_found` before the first wallet. */
export async function requireUserRoot(
  ctx: ServerContext,
  userId: string,
): Promise<{ id: string; sealedAuthShare: Uint8Array | null }> {
  const [row] = await ctx.db.query<{ id: string; sealed_auth_share: Uint8Array | null }>(
    'select id, sealed_auth_share from key_roots where user_id = $1',
    [userId],
  )
  if (!row)
    throw new ApiError('embedded_wallet_not_found', { message: 'Create a wallet before setting up recovery' })
  return { id: row.id, sealedAuthShare: row.sealed_auth_share }
}

/** The lock of a root, or undefined when the root is not locked. */
export async function getRecoveryLock(ctx: ServerContext, rootId: string): Promise<RecoveryLock | undefined> {
  const [row] = await ctx.db.query<LockRow>('select * from recovery_locks where root_id = $1', [rootId])
  return row && toLock(row)
}

export type SaveRecoveryLockParameters = {
  rootId: string
  userId: string
  kind: RecoveryKind
  /** The user's secret key: derived from the passcode, or the random key kept in their Drive. */
  secretKey: Uint8Array
  authShare: Uint8Array
  salt?: Uint8Array | undefined
  kdf?: PasscodeKdf | undefined
  driveFileName?: string | undefined
}

/**
 * Locks (or re-locks) a root: the auth share is sealed under the user's key, that under the API's
 * key, and the root's own API-sealed copy is dropped in the same transaction, so from then on only
 * the user's secret opens it.
 *
 * @example
 * await saveRecoveryLock(ctx, { rootId, userId, kind: 'passcode', secretKey, authShare, salt, kdf })
 */
export async function saveRecoveryLock(ctx: ServerContext, p: SaveRecoveryLockParameters): Promise<void> {
  const inner = seal(p.secretKey, p.authShare, innerAad(p.kind, p.rootId))
  const sealed = seal(ctx.encryptionKey, inner, outerAad(p.rootId))
  const now = new Date(ctx.now())
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into recovery_locks (root_id, user_id, kind, salt, kdf, drive_file_name, sealed_auth_share, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       on conflict (root_id) do update set kind = $3, salt = $4, kdf = $5, drive_file_name = $6,
         sealed_auth_share = $7, updated_at = $8`,
      [
        p.rootId,
        p.userId,
        p.kind,
        p.salt ?? null,
        p.kdf ? JSON.stringify(p.kdf) : null,
        p.driveFileName ?? null,
        sealed,
        now,
      ],
    )
    await tx.query('update key_roots set sealed_auth_share = null where id = $1', [p.rootId])
  })
}

/** The auth share behind a lock, or undefined when `secretKey` is not the user's key (a wrong passcode). */
export function openRecoveryLock(
  ctx: ServerContext,
  lock: RecoveryLock,
  secretKey: Uint8Array,
): Uint8Array | undefined {
  const inner = open(ctx.encryptionKey, lock.sealedAuthShare, outerAad(lock.rootId))
  try {
    return new Uint8Array(open(secretKey, inner, innerAad(lock.kind, lock.rootId)))
  } catch {
    return undefined
  }
}

/**
 * Removes a root's lock: the auth share goes back onto the root, sealed under the API's key alone.
 *
 * @example
 * await removeRecoveryLock(ctx, { rootId, authShare })
 */
export async function removeRecoveryLock(
  ctx: ServerContext,
  { rootId, authShare }: { rootId: string; authShare: Uint8Array },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.query('update key_roots set sealed_auth_share = $2 where id = $1', [
      rootId,
      seal(ctx.encryptionKey, authShare, rootId),
    ])
    await tx.query('delete from recovery_locks where root_id = $1', [rootId])
  })
}

const innerAad = (kind: RecoveryKind, rootId: string) => `recovery:${kind}:${rootId}`
const outerAad = (rootId: string) => `recovery-lock:${rootId}`

function toLock(row: LockRow): RecoveryLock {
  return {
    rootId: row.root_id,
    userId: row.user_id,
    kind: row.kind,
    salt: row.salt && new Uint8Array(row.salt),
    kdf: row.kdf,
    driveFileName: row.drive_file_name,
    sealedAuthShare: new Uint8Array(row.sealed_auth_share),
  }
}
