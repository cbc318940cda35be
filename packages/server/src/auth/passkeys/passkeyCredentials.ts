import { ApiError } from '@satchel/core'
import type { AuthenticatorTransport, CredentialDeviceType } from '@simplewebauthn/server'
import type { ServerContext } from '../../identity/context'

/** What registration proves about a new credential; all of it public. */
export type NewPasskeyCredential = {
  /** base64url, no padding: the id the authenticator names the credential by. */
  credentialId: string
  /** The COSE_Key the credential's signatures verify with. */
  publicKey: Uint8Array<ArrayBuffer>
  counter: number
  transports: AuthenticatorTransport[]
  aaguid: string
  deviceType: CredentialDeviceType
  backedUp: boolean
}

/** A stored credential and the user who owns it (through its linked account). */
export type PasskeyCredential = NewPasskeyCredential & {
  userId: string
  createdAt: Date
  lastUsedAt: Date | null
}

type Row = {
  credential_id: string
  user_id: string
  public_key: Uint8Array
  counter: string | number
  transports: unknown
  aaguid: string
  device_type: CredentialDeviceType
  backed_up: boolean
  created_at: Date
  last_used_at: Date | null
}

const TRANSPORTS: readonly string[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb']

// The owner is read through the linked account (type 'passkey', subject = credential id): an account
// that was unlinked, or a registration still in flight, owns nothing, so its credential signs no one in.
const SELECT = `select c.credential_id, a.user_id, c.public_key, c.counter, c.transports, c.aaguid,
    c.device_type, c.backed_up, c.created_at, c.last_used_at
  from passkey_credentials c
  join linked_accounts a on a.app_id = c.app_id and a.type = 'passkey' and a.subject = c.credential_id`

/**
 * The credential with this id in this app, with its owner, or undefined when no user holds it.
 *
 * @example
 * const credential = await findPasskeyCredential(ctx, app.id, response.id)
 */
export async function findPasskeyCredential(
  ctx: ServerContext,
  appId: string,
  credentialId: string,
): Promise<PasskeyCredential | undefined> {
  const [row] = await ctx.db.query<Row>(`${SELECT} where c.app_id = $1 and c.credential_id = $2`, [
    appId,
    credentialId,
  ])
  return row ? toCredential(row) : undefined
}

/**
 * The user's passkeys in this app, oldest first.
 *
 * @example
 * const mine = await listPasskeyCredentials(ctx, app.id, userId)
 */
export async function listPasskeyCredentials(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<PasskeyCredential[]> {
  const rows = await ctx.db.query<Row>(
    `${SELECT} where c.app_id = $1 and a.user_id = $2 order by c.created_at, c.credential_id`,
    [appId, userId],
  )
  return rows.map(toCredential)
}

/**
 * Stores a newly registered credential and attaches it to a user with `attach` (a first login, or
 * linking to the signed-in user). The row is written FIRST, under the table's unique (app, credential
 * id) key: a credential id is public (it travels in every `allowCredentials`), so a forged
 * registration reusing another user's id must fail before any account or session is made, and it
 * does, with `linked_to_another_user`. If `attach` fails the row is removed again; once it succeeds
 * the row is tied to the new linked account, so unlinking the account deletes the credential.
 *
 * @example
 * await savePasskeyCredential(ctx, app.id, credential, () => linkAccount(ctx, auth, account, 'passkey'))
 */
export async function savePasskeyCredential<T>(
  ctx: ServerContext,
  appId: string,
  credential: NewPasskeyCredential,
  attach: (tie: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const inserted = await ctx.db.query(
    `insert into passkey_credentials (app_id, credential_id, public_key, counter, transports, aaguid, device_type, backed_up, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (app_id, credential_id) do nothing returning credential_id`,
    [
      appId,
      credential.credentialId,
      credential.publicKey,
      credential.counter,
      JSON.stringify(credential.transports),
      credential.aaguid,
      credential.deviceType,
      credential.backedUp,
      new Date(ctx.now()),
    ],
  )
  if (inserted.length === 0) throw new ApiError('linked_to_another_user')
  let tied = false
  // Ties the row to the account `attach` made or linked; `attach` may call it itself, before it
  // answers the client (a login sends its answer from inside), so no one hears of a credential
  // whose account is not yet recorded.
  const tie = async () => {
    if (tied) return
    await ctx.db.query(
      `update passkey_credentials c set account_id = a.id from linked_accounts a
       where c.app_id = $1 and c.credential_id = $2
         and a.app_id = c.app_id and a.type = 'passkey' and a.subject = c.credential_id`,
      [appId, credential.credentialId],
    )
    tied = true
  }
  let result: T
  try {
    // An account with this subject but no credential row (written by something other than these
    // routes) must not be signed in to by whoever presents a key for its id.
    if (await ctx.users.findUserIdByAccount(appId, 'passkey', credential.credentialId))
      throw new ApiError('linked_to_another_user')
    result = await attach(tie)
  } catch (error) {
    await ctx.db
      .query(
        'delete from passkey_credentials where app_id = $1 and credential_id = $2 and account_id is null',
        [appId, credential.credentialId],
      )
      .catch(() => {})
    throw error
  }
  await tie()
  return result
}

/**
 * Records a verified use: the new signature counter, the backup state, the time. The update only
 * applies while the stored counter is still below the new one (or both are 0), so two assertions
 * carrying the same counter cannot both pass even when they race; false when this one lost.
 *
 * @example
 * if (!(await recordPasskeyUse(ctx, app.id, id, { counter: 8, backedUp: true }))) throw new ApiError('invalid_credentials')
 */
export async function recordPasskeyUse(
  ctx: ServerContext,
  appId: string,
  credentialId: string,
  use: { counter: number; backedUp: boolean },
): Promise<boolean> {
  const rows = await ctx.db.query(
    `update passkey_credentials set counter = $3, backed_up = $4, last_used_at = $5
     where app_id = $1 and credential_id = $2 and (counter < $3 or (counter = 0 and $3 = 0))
     returning credential_id`,
    [appId, credentialId, use.counter, use.backedUp, new Date(ctx.now())],
  )
  return rows.length > 0
}

/**
 * Deletes a credential row (after its account was unlinked; the foreign key usually did it already).
 *
 * @example
 * await deletePasskeyCredential(ctx, app.id, credentialId)
 */
export async function deletePasskeyCredential(
  ctx: ServerContext,
  appId: string,
  credentialId: string,
): Promise<void> {
  await ctx.db.query('delete from passkey_credentials where app_id = $1 and credential_id = $2', [
    appId,
    credentialId,
  ])
}

function toCredential(row: Row): PasskeyCredential {
  const transports = Array.isArray(row.transports)
    ? row.transports.filter(
        (t): t is AuthenticatorTransport => typeof t === 'string' && TRANSPORTS.includes(t),
      )
    : []
  return {
    credentialId: row.credential_id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports,
    aaguid: row.aaguid,
    deviceType: row.device_type,
    backedUp: row.backed_up,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }
}
