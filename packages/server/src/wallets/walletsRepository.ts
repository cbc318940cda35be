import { camelizeRow } from '../platform/db/camelizeRow'
import type { Db } from '../platform/db/createDatabase'
import { createKv, type Kv } from '../platform/kv/createKv'
import { createSharedCache } from '../platform/kv/createSharedCache'
import type { ChainType } from '../vault/types'
import {
  listWalletSigners,
  replaceWalletSigners,
  revokeUserSigners,
  type WalletSignerRecord,
} from './walletSigners'

export type { WalletSignerRecord } from './walletSigners'

/**
 * A user's BIP-39 root as stored: both shares sealed (the vault share under the vault's key). The
 * auth share is null while the user keeps it locked behind a recovery secret (see recovery/).
 */
export type KeyRootRecord = {
  id: string
  userId: string
  sealedVaultShare: Uint8Array
  sealedAuthShare: Uint8Array | null
}

/** One derived account of a user. */
export type WalletRecord = {
  id: string
  userId: string
  appId: string
  chainType: ChainType
  rootId: string
  index: number
  address: string
  policyIds: string[]
  createdAt: Date
}

/** The parts of a wallet that never change once written, with its root: what a signature needs. */
export type SigningWallet = Omit<WalletRecord, 'policyIds' | 'createdAt'> & { root: KeyRootRecord }

type WalletRow = {
  id: string
  user_id: string
  app_id: string
  chain_type: ChainType
  root_id: string
  derivation_index: number
  address: string
  policy_ids: string[]
  created_at: Date
}
type RootRow = {
  id: string
  user_id: string
  sealed_vault_share: Uint8Array
  sealed_auth_share: Uint8Array | null
}

// Signing looks a wallet up on every request; its keys and owner never change except when a recovery
// lock replaces the auth share, which every instance hears at once (forgetSigningWallets). The TTL
// bounds how long another instance may use a replaced root if that message is lost.
const SIGNING_CACHE_TTL_MS = 30_000
const SIGNING_CACHE_MAX = 10_000

/**
 * Key roots, wallets and delegated signers. One per server context (`ctx.wallets`).
 * `shared` is the store whose messages keep every instance's signing cache coherent (an in-process
 * one when absent: a single instance).
 *
 * @example
 * const wallets = createWalletsRepository(db)
 * const list = await wallets.listWallets(userId)
 */
export function createWalletsRepository(
  db: Db,
  shared: { kv: Kv; now: () => number } = { kv: createKv(undefined), now: Date.now },
) {
  const signingCache = createSharedCache<SigningWallet>({
    kv: shared.kv,
    channel: 'invalidate:signing-wallets',
    ttlMs: SIGNING_CACHE_TTL_MS,
    maxEntries: SIGNING_CACHE_MAX,
    tagsOf: (wallet) => [`user:${wallet.userId}`],
    now: shared.now,
  })

  return {
    /**
     * The addresses of a user's wallets: funding checks that an onramp pays one of them.
     *
     * @example
     * const owned = await ctx.wallets.listAddresses(auth.userId)
     */
    async listAddresses(userId: string): Promise<{ address: string; chainType: ChainType }[]> {
      const rows = await db.query<{ address: string; chain_type: ChainType }>(
        'select address, chain_type from wallets where user_id = $1',
        [userId],
      )
      return rows.map((row) => ({ address: row.address, chainType: row.chain_type }))
    },

    /**
     * A wallet's policy list, or undefined for an unknown wallet (read through `ctx.policyCaches`).
     *
     * @example
     * const ids = await ctx.wallets.readPolicyIds(walletId)
     */
    async readPolicyIds(walletId: string): Promise<string[] | undefined> {
      const [row] = await db.query<{ policy_ids: string[] }>('select policy_ids from wallets where id = $1', [
        walletId,
      ])
      return row?.policy_ids
    },

    /**
     * What creating a wallet needs, in one query: the user's app (undefined when the user does not
     * exist or was deleted: an app backend may not make wallets for a deleted user), their root, their primary wallet of the chain type and the next free index.
     */
    async getCreationState(
      userId: string,
      chainType: ChainType,
    ): Promise<
      | {
          appId: string
          root: KeyRootRecord | undefined
          primary: WalletRecord | undefined
          nextIndex: number
        }
      | undefined
    > {
      const [row] = await db.query<{
        user_app_id: string
        root_id: string | null
        sealed_vault_share: Uint8Array | null
        sealed_auth_share: Uint8Array | null
        wallet_id: string | null
        wallet_app_id: string | null
        address: string | null
        policy_ids: string[] | null
        created_at: Date | null
        next_index: number
      }>(
        `select u.app_id as user_app_id, r.id as root_id, r.sealed_vault_share, r.sealed_auth_share,
           w.id as wallet_id, w.app_id as wallet_app_id, w.address, w.policy_ids, w.created_at,
           (select coalesce(max(derivation_index) + 1, 0)::int from wallets
            where user_id = u.id and chain_type = $2) as next_index
         from users u
         left join key_roots r on r.user_id = u.id
         left join wallets w on w.user_id = u.id and w.chain_type = $2 and w.derivation_index = 0
         where u.id = $1 and u.deleted_at is null`,
        [userId, chainType],
      )
      if (!row) return undefined
      const root =
        row.root_id && row.sealed_vault_share
          ? toRoot({
              id: row.root_id,
              user_id: userId,
              sealed_vault_share: row.sealed_vault_share,
              sealed_auth_share: row.sealed_auth_share,
            })
          : undefined
      const primary =
        row.wallet_id && row.wallet_app_id && row.address && row.root_id && row.created_at
          ? toWallet({
              id: row.wallet_id,
              user_id: userId,
              app_id: row.wallet_app_id,
              chain_type: chainType,
              root_id: row.root_id,
              derivation_index: 0,
              address: row.address,
              policy_ids: row.policy_ids ?? [],
              created_at: row.created_at,
            })
          : undefined
      return { appId: row.user_app_id, root, primary, nextIndex: row.next_index }
    },

    /**
     * A user's first root and first wallet, in one statement (one round trip, one commit, nothing
     * half-written): the wallet is made from the root row this statement stored. `undefined` when a
     * concurrent request stored a root or that wallet first (nothing is written then).
     */
    async insertRootAndWallet(
      root: KeyRootRecord & { sealedAuthShare: Uint8Array },
      wallet: Omit<WalletRecord, 'createdAt' | 'policyIds'>,
    ): Promise<WalletRecord | undefined> {
      try {
        const [row] = await db.query<WalletRow>(
          `with root as (
             insert into key_roots (id, user_id, sealed_vault_share, sealed_auth_share) values ($1, $2, $3, $4)
             on conflict (user_id) do nothing returning id
           )
           insert into wallets (id, user_id, app_id, chain_type, root_id, derivation_index, address)
           select $5, $2, $6, $7, root.id, $8::int, $9 from root
           returning *`,
          [
            root.id,
            root.userId,
            root.sealedVaultShare,
            root.sealedAuthShare,
            wallet.id,
            wallet.appId,
            wallet.chainType,
            wallet.index,
            wallet.address,
          ],
        )
        return row && toWallet(row)
      } catch (error) {
        // The wallet's own unique key: the whole statement, root included, is undone.
        if ((error as { code?: unknown }).code === '23505') return undefined
        throw error
      }
    },

    /** Inserts a wallet; `undefined` when the user already has one at this chain type and index. */
    async insertWallet(
      wallet: Omit<WalletRecord, 'createdAt' | 'policyIds'>,
    ): Promise<WalletRecord | undefined> {
      return insertWalletRow(db, wallet)
    },

    async getWallet(walletId: string): Promise<WalletRecord | undefined> {
      const [row] = await db.query<WalletRow>('select * from wallets where id = $1', [walletId])
      return row && toWallet(row)
    },

    async listWallets(userId: string): Promise<WalletRecord[]> {
      const rows = await db.query<WalletRow>(
        'select * from wallets where user_id = $1 order by chain_type, derivation_index',
        [userId],
      )
      return rows.map(toWallet)
    },

    /**
     * The wallet with its root, for signing; served from a cache every instance keeps coherent. A
     * revoked wallet (its user was deleted) is not found: nothing signs with it.
     */
    async getSigningWallet(walletId: string): Promise<SigningWallet | undefined> {
      return signingCache.load(walletId, async () => {
        const [row] = await db.query<
          WalletRow & { sealed_vault_share: Uint8Array; sealed_auth_share: Uint8Array }
        >(
          `select w.*, r.sealed_vault_share, r.sealed_auth_share
           from wallets w join key_roots r on r.id = w.root_id where w.id = $1 and w.revoked_at is null`,
          [walletId],
        )
        if (!row) return undefined
        const { sealed_vault_share, sealed_auth_share, ...walletRow } = row
        // A signing wallet carries no policy list (see SigningWallet): only what signing needs is cached.
        const { policyIds: _policyIds, createdAt: _createdAt, ...wallet } = toWallet(walletRow)
        return {
          ...wallet,
          root: toRoot({ id: row.root_id, user_id: row.user_id, sealed_vault_share, sealed_auth_share }),
        }
      })
    },

    /**
     * Drops a user's wallets from every instance's signing cache: call it after their root changes
     * (a recovery lock set or removed), once committed.
     */
    forgetSigningWallets: (userId: string): Promise<void> => signingCache.invalidate([`user:${userId}`]),

    /** The live delegated signers of these wallets. */
    listSigners: (walletIds: readonly string[]) => listWalletSigners(db, walletIds),
    /** Makes `signers` the wallet's live delegated signers (see {@link replaceWalletSigners}). */
    replaceSigners: (
      walletId: string,
      signers: ReadonlyArray<Omit<WalletSignerRecord, 'walletId' | 'createdAt' | 'walletPolicyIds'>>,
      now: Date,
    ) => replaceWalletSigners(db, walletId, signers, now),
    /** Revokes every live delegated signer of the user's wallets; answers how many were revoked. */
    revokeAllSigners: (userId: string, now: Date) => revokeUserSigners(db, userId, now),
  }
}

export type WalletsRepository = ReturnType<typeof createWalletsRepository>

/** What a change of a wallet's policy list checks: its owner, chain type and current list. */
export type WalletPolicyState = { userId: string; chainType: ChainType; policyIds: string[] }

/**
 * Inside a transaction: locks a wallet's row for a change of its policy list ({@link setWalletPolicyIds}
 * in the same transaction), or undefined for an unknown wallet.
 *
 * @example
 * await db.transaction(async (tx) => { const wallet = await lockWalletPolicyIds(tx, walletId) })
 */
export async function lockWalletPolicyIds(tx: Db, walletId: string): Promise<WalletPolicyState | undefined> {
  const [row] = await tx.query<{ user_id: string; chain_type: ChainType; policy_ids: string[] }>(
    'select user_id, chain_type, policy_ids from wallets where id = $1 for update',
    [walletId],
  )
  return row && { userId: row.user_id, chainType: row.chain_type, policyIds: row.policy_ids }
}

/**
 * Sets a wallet's policy list, in the transaction that locked it ({@link lockWalletPolicyIds}).
 *
 * @example
 * await setWalletPolicyIds(tx, walletId, ['policy_a'])
 */
export async function setWalletPolicyIds(
  tx: Db,
  walletId: string,
  policyIds: readonly string[],
): Promise<void> {
  await tx.query('update wallets set policy_ids = $2 where id = $1', [walletId, policyIds])
}

/**
 * How many wallets and live delegated signers list the policy (a signer's own, or one of the wallet's
 * it was consented under).
 *
 * @example
 * if ((await countPolicyUses(tx, policyId)) > 0) return false
 */
export async function countPolicyUses(q: Db, policyId: string): Promise<number> {
  const [row] = await q.query<{ uses: number }>(
    `select ((select count(*) from wallets where $1 = any(policy_ids))
           + (select count(*) from wallet_signers
              where revoked_at is null and ($1 = any(policy_ids) or $1 = any(wallet_policy_ids))))::int as uses`,
    [policyId],
  )
  return row?.uses ?? 0
}

async function insertWalletRow(
  q: Db,
  wallet: Omit<WalletRecord, 'createdAt' | 'policyIds'>,
): Promise<WalletRecord | undefined> {
  const [row] = await q.query<WalletRow>(
    `insert into wallets (id, user_id, app_id, chain_type, root_id, derivation_index, address)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id, chain_type, derivation_index) do nothing returning *`,
    [wallet.id, wallet.userId, wallet.appId, wallet.chainType, wallet.rootId, wallet.index, wallet.address],
  )
  return row && toWallet(row)
}

function toRoot(row: RootRow): KeyRootRecord {
  return {
    id: row.id,
    userId: row.user_id,
    sealedVaultShare: new Uint8Array(row.sealed_vault_share),
    sealedAuthShare: row.sealed_auth_share === null ? null : new Uint8Array(row.sealed_auth_share),
  }
}

function toWallet(row: WalletRow): WalletRecord {
  const { derivationIndex, ...wallet } = camelizeRow(row)
  return { ...wallet, index: derivationIndex }
}
