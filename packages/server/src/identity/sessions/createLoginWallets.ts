import type { App } from '../apps/types'
import type { ServerContext } from '../context'

const CHAIN_TYPES = {
  none: [],
  ethereum: ['ethereum'],
  solana: ['solana'],
  both: ['ethereum', 'solana'],
} as const

/**
 * Makes the wallets the app's `wallets_on_login` asks for, for a user who just signed up. The server
 * makes them (not the SDK) the way an app backend's `POST /api/v1/wallets` does: the vault creates the
 * root and derives the address, no key material leaves it, and the user's own session key is still
 * what signs with them. A failure is logged and the login goes on: the client's own "create wallet"
 * (idempotent) makes them later.
 *
 * @example
 * if (isNewUser) await createLoginWallets(ctx, app, userId)
 */
export async function createLoginWallets(
  ctx: Pick<ServerContext, 'userWallets' | 'log'>,
  app: App,
  userId: string,
): Promise<void> {
  const chainTypes = CHAIN_TYPES[app.walletsOnLogin]
  if (chainTypes.length === 0) return
  try {
    await ctx.userWallets.createWallets(app.id, userId, chainTypes)
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'wallets on login not created; the client creates them on demand')
  }
}
