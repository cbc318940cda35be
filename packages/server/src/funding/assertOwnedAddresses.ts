import { ApiError } from '@satchel/core'

/** What funding needs of the wallets' owner (`ctx.wallets`): the addresses of a user's wallets. */
export type WalletAddresses = { listAddresses(userId: string): Promise<readonly { address: string }[]> }

/**
 * Refuses unless every address is one of the user's wallets. An onramp pays whatever address it is
 * given, so without this a signed-in user could open sessions (and webhooks would report purchases)
 * for wallets that are not theirs. EVM addresses compare without case (checksums are display only);
 * Solana addresses are case-sensitive base58 and compare exactly.
 *
 * @throws {ApiError} `embedded_wallet_not_found`, naming the first address that is not the user's.
 * @example
 * await assertOwnedAddresses(ctx.wallets, auth.userId, ['0xAbC...'])
 */
export async function assertOwnedAddresses(
  wallets: WalletAddresses,
  userId: string,
  addresses: readonly string[],
): Promise<void> {
  const rows = await wallets.listAddresses(userId)
  const owned = new Set(rows.map((row) => normalize(row.address)))
  for (const address of addresses) {
    if (!owned.has(normalize(address)))
      throw new ApiError('embedded_wallet_not_found', {
        message: `The address ${address} is not one of your wallets`,
      })
  }
}

const normalize = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address)
