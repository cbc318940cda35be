import { ApiError, MAX_WALLETS_PER_CHAIN_TYPE } from '@satchel/core'
import type { ServerContext } from '../identity/context'
import { seal } from '../platform/crypto/seal'
import { createId } from '../platform/crypto/tokens'
import type { ChainType, KeyShares } from '../vault/types'
import { loadKeyShares } from './loadKeyShares'
import { toVaultApiError } from './signWithVault'
import type { KeyRootRecord, WalletRecord } from './walletsRepository'

export type CreateWalletParameters = {
  /** The app the caller acts for: the user must be one of its users. */
  appId: string
  userId: string
  chainType: ChainType
  /** Derive the next index (1, 2, ...) instead of answering the primary wallet (index 0). */
  createAdditional: boolean
  /** Refuse with `embedded_wallet_already_exists` instead of answering an existing primary wallet. */
  strict: boolean
  /** The caller's session (null for an app backend): a root locked by recovery opens only in an unlocked session. */
  sessionId: string | null
}

export type CreateWalletReturnType = { wallet: WalletRecord; created: boolean }

// Concurrent requests may race for the same index (or the same first root); the losers look again.
// Each lost race means another request took an index, so after this many the cap itself is reached.
const MAX_ATTEMPTS = MAX_WALLETS_PER_CHAIN_TYPE + 2

/**
 * The user's wallet of a chain type, created on first use: the user's root is made by the vault the
 * first time (its auth share sealed under the API's key), then the account at index 0 is derived.
 * Calling it again answers the same wallet (`created: false`), so a client that retries or two tabs
 * that race end with one primary wallet. One query reads the user, their root and their primary
 * wallet; a first wallet stores its root and itself in one transaction (one commit).
 *
 * A user holds at most {@link MAX_WALLETS_PER_CHAIN_TYPE} wallets of a chain type; concurrent
 * requests for additional wallets each get their own index, up to that cap.
 *
 * @throws {ApiError} `user_does_not_exist` for a user of another app; `embedded_wallet_already_exists`
 * when `strict` and the primary wallet exists; `max_accounts_reached` when the user already holds
 * the most wallets of the chain type; `recovery_required` for a locked root.
 * @example
 * const { wallet } = await createWallet(ctx, {
 *   appId, userId, chainType: 'ethereum', createAdditional: false, strict: false, sessionId,
 * })
 */
export async function createWallet(
  ctx: ServerContext,
  parameters: CreateWalletParameters,
): Promise<CreateWalletReturnType> {
  const { appId, userId, chainType, createAdditional, strict, sessionId } = parameters
  const wallets = ctx.wallets
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await wallets.getCreationState(userId, chainType)
    // Another app's user is answered as a user that does not exist.
    if (!state || state.appId !== appId) throw new ApiError('user_does_not_exist')
    if (state.primary && !createAdditional) {
      if (strict) throw new ApiError('embedded_wallet_already_exists')
      return { wallet: state.primary, created: false }
    }
    const index = createAdditional ? state.nextIndex : 0
    if (index >= MAX_WALLETS_PER_CHAIN_TYPE) {
      throw new ApiError('max_accounts_reached', {
        message: `A user can hold at most ${MAX_WALLETS_PER_CHAIN_TYPE} ${chainType} wallets`,
      })
    }
    const wallet = { id: createId('wallet'), userId, appId, chainType, index }

    if (!state.root) {
      const root = await createRoot(ctx, userId)
      let address: string
      try {
        address = await deriveAddress(ctx, root.shares, chainType, index)
      } finally {
        root.shares.authShare.fill(0)
      }
      const inserted = await wallets.insertRootAndWallet(root.record, {
        ...wallet,
        rootId: root.record.id,
        address,
      })
      if (inserted) return { wallet: inserted, created: true }
      continue
    }
    const shares = await loadKeyShares(ctx, state.root, sessionId)
    let address: string
    try {
      address = await deriveAddress(ctx, shares, chainType, index)
    } finally {
      shares.authShare.fill(0)
    }
    const inserted = await wallets.insertWallet({ ...wallet, rootId: state.root.id, address })
    if (inserted) return { wallet: inserted, created: true }
  }
  // Not reached in practice (see MAX_ATTEMPTS); a contention to retry, never a 500.
  throw new ApiError('service_unavailable', { message: 'The wallet could not be created, try again' })
}

// A vault that cannot be reached answers 503 `service_unavailable`, as signing does: the client retries.
async function deriveAddress(ctx: ServerContext, shares: KeyShares, chainType: ChainType, index: number) {
  const account = await ctx.vault.getAccount({ ...shares, chainType, index }).catch((error: unknown) => {
    throw toVaultApiError(error)
  })
  return account.address
}

/** A new root from the vault: its record to store (auth share sealed) and its shares for deriving. */
async function createRoot(
  ctx: ServerContext,
  userId: string,
): Promise<{ record: KeyRootRecord & { sealedAuthShare: Uint8Array }; shares: KeyShares }> {
  const rootId = createId('root')
  const { sealedVaultShare, authShare } = await ctx.vault.createRoot({ rootId }).catch((error: unknown) => {
    throw toVaultApiError(error)
  })
  const sealedAuthShare = seal(ctx.encryptionKey, authShare, rootId)
  return {
    record: { id: rootId, userId, sealedVaultShare, sealedAuthShare },
    shares: { rootId, sealedVaultShare, authShare },
  }
}
