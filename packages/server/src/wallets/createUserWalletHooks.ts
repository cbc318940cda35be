import type { ServerContext } from '../identity/context'
import type { UserWalletHooks } from '../identity/users/userWalletHooks'
import {
  countDailyWalletFigures,
  findWalletUserId,
  listUsersWallets,
  setUserWalletsRevoked,
} from './adminWallets'
import { createWallet } from './createWallet'

/**
 * The wallets layer's side of what identity/ needs of a user's wallets (see `UserWalletHooks`), for
 * buildApp to put on the context. Wallets are made by {@link createWallet}, the same code a user's
 * own first wallet goes through, so a pregenerated wallet is the one the person finds at login.
 *
 * The context is read when a hook runs (`context()`), because the hooks are part of it.
 *
 * @example
 * const ctx: ServerContext = { ...services, userWallets: createUserWalletHooks(() => ctx) }
 */
export function createUserWalletHooks(context: () => ServerContext): UserWalletHooks {
  return {
    async createWallets(appId, userId, chainTypes) {
      const ctx = context()
      for (const chainType of chainTypes)
        await createWallet(ctx, {
          appId,
          userId,
          chainType,
          createAdditional: false,
          strict: false,
          sessionId: null,
        })
    },
    listWallets: (userIds) => listUsersWallets(context().db, userIds),
    findUserIdByAddress: (appId, address) => findWalletUserId(context().db, appId, address),
    async revokeWallets(userId, at) {
      const ctx = context()
      const revoked = await setUserWalletsRevoked(ctx.db, userId, at)
      // A delegated signer of a revoked wallet signs nothing either; every instance drops what it
      // cached of the user's wallets, so the next signature finds them revoked.
      await ctx.wallets.revokeAllSigners(userId, at)
      await ctx.wallets.forgetSigningWallets(userId)
      return revoked
    },
    async restoreWallets(userId) {
      const ctx = context()
      await setUserWalletsRevoked(ctx.db, userId, null)
      await ctx.wallets.forgetSigningWallets(userId)
    },
    countDaily: (appId, from, to) => countDailyWalletFigures(context().db, appId, from, to),
  }
}
