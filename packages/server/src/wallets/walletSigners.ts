import { camelizeRow } from '../platform/db/camelizeRow'
import type { Db } from '../platform/db/createDatabase'

/** A delegated session signer of a wallet: an app server's P-256 key the user consented to. */
export type WalletSignerRecord = {
  id: string
  walletId: string
  publicKey: JsonWebKey
  keyThumbprint: string
  policyIds: string[]
  /**
   * The wallet's own policies when the user consented to this signer: they keep binding it, whatever
   * later happens to the wallet's list (which the app's backend may change).
   */
  walletPolicyIds: string[]
  createdAt: Date
}

type SignerRow = {
  id: string
  wallet_id: string
  public_key: JsonWebKey
  key_thumbprint: string
  policy_ids: string[]
  wallet_policy_ids: string[]
  created_at: Date
}

/**
 * The live (unrevoked) delegated signers of these wallets, oldest first.
 *
 * @example
 * const signers = await listWalletSigners(ctx.db, [walletId])
 */
export async function listWalletSigners(db: Db, walletIds: readonly string[]): Promise<WalletSignerRecord[]> {
  if (walletIds.length === 0) return []
  const rows = await db.query<SignerRow>(
    'select * from wallet_signers where wallet_id = any($1) and revoked_at is null order by created_at, id',
    [walletIds],
  )
  return rows.map(toSigner)
}

/**
 * Makes `signers` the wallet's live delegated signers: keys no longer listed are revoked (kept, with
 * revoked_at, for the audit trail), new keys are added, and a listed key already live gets its
 * policies updated. Every listed signer is (re)consented under the wallet's policies as they are now,
 * which are stored with it. The wallet row is locked so two concurrent updates apply one after the
 * other.
 *
 * @example
 * await replaceWalletSigners(ctx.db, walletId, [{ id, publicKey, keyThumbprint, policyIds: [] }], new Date())
 */
export async function replaceWalletSigners(
  db: Db,
  walletId: string,
  signers: ReadonlyArray<Omit<WalletSignerRecord, 'walletId' | 'createdAt' | 'walletPolicyIds'>>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [wallet] = await tx.query<{ policy_ids: string[] }>(
      'select policy_ids from wallets where id = $1 for update',
      [walletId],
    )
    const walletPolicyIds = wallet?.policy_ids ?? []
    // The consented policies cannot have their rules changed under this consent (updatePolicy).
    const policyIds = [...new Set([...signers.flatMap((signer) => signer.policyIds), ...walletPolicyIds])]
    if (policyIds.length > 0) {
      await tx.query('select id from policies where id = any($1::text[]) for share', [policyIds])
    }
    const thumbprints = signers.map((signer) => signer.keyThumbprint)
    await tx.query(
      `update wallet_signers set revoked_at = $3
       where wallet_id = $1 and revoked_at is null and not (key_thumbprint = any($2))`,
      [walletId, thumbprints, now],
    )
    for (const signer of signers) {
      const updated = await tx.query(
        `update wallet_signers set policy_ids = $3, wallet_policy_ids = $4
         where wallet_id = $1 and key_thumbprint = $2 and revoked_at is null returning id`,
        [walletId, signer.keyThumbprint, signer.policyIds, walletPolicyIds],
      )
      if (updated.length > 0) continue
      await tx.query(
        `insert into wallet_signers (id, wallet_id, public_key, key_thumbprint, policy_ids, wallet_policy_ids, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          signer.id,
          walletId,
          JSON.stringify(signer.publicKey),
          signer.keyThumbprint,
          signer.policyIds,
          walletPolicyIds,
          now,
        ],
      )
    }
  })
}

/**
 * Revokes every live delegated signer of a user's wallets; answers how many were revoked.
 *
 * @example
 * const revoked = await revokeUserSigners(ctx.db, userId, new Date())
 */
export async function revokeUserSigners(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db.query(
    `update wallet_signers set revoked_at = $2
     where revoked_at is null and wallet_id in (select id from wallets where user_id = $1) returning id`,
    [userId, now],
  )
  return rows.length
}

/** `revoked_at` is not part of a live signer's record. */
function toSigner({
  revoked_at: _revokedAt,
  ...row
}: SignerRow & { revoked_at?: unknown }): WalletSignerRecord {
  return camelizeRow(row)
}
