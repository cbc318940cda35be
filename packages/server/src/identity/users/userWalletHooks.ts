/** A user's embedded wallet as the admin API shows it. */
export type AdminWallet = {
  id: string
  userId: string
  address: string
  chainType: 'ethereum' | 'solana'
  createdAt: Date
  revokedAt: Date | null
}

/** Wallets made and transactions sent on one UTC day (`YYYY-MM-DD`). */
export type DailyWalletFigures = { date: string; walletsCreated: number; transactions: number }

/**
 * What identity/ asks of the wallets layer, which sits above it and owns the wallets table: the
 * wallets layer implements these (wallets/createUserWalletHooks.ts) and buildApp puts them on the
 * context as `ctx.userWallets`, so identity/ never imports wallets/ and never writes its SQL.
 */
export type UserWalletHooks = {
  /** Makes the user's primary wallet of each chain type (as an app backend does: no session). */
  createWallets(
    appId: string,
    userId: string,
    chainTypes: ReadonlyArray<'ethereum' | 'solana'>,
  ): Promise<void>
  /** The wallets of these users, revoked ones included, per user. */
  listWallets(userIds: readonly string[]): Promise<Map<string, AdminWallet[]>>
  /** The user of the app whose embedded wallet has this address (as stored: EVM lower-case). */
  findUserIdByAddress(appId: string, address: string): Promise<string | undefined>
  /** Revokes every wallet of the user at once (and their delegated signers); answers how many. */
  revokeWallets(userId: string, at: Date): Promise<number>
  /** Undoes {@link revokeWallets} for a restored user. */
  restoreWallets(userId: string): Promise<void>
  /** Per UTC day between `from` and `to` (inclusive), the wallets made and transactions sent. */
  countDaily(appId: string, from: string, to: string): Promise<DailyWalletFigures[]>
}
