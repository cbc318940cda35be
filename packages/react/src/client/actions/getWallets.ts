import { NotAuthenticatedError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { parseWalletList } from '../parse'
import type { SatchelWallet } from '../types'

/**
 * Reads the signed-in user's embedded wallets from the server and updates the state.
 *
 * @example
 * const wallets = await getWallets(client)
 */
export async function getWallets(client: SatchelClient): Promise<SatchelWallet[]> {
  if (client.getState().status !== 'authenticated') throw new NotAuthenticatedError({ action: 'getWallets' })
  const path = '/api/v1/wallets'
  const wallets = parseWalletList(await client.request({ method: 'GET', path, auth: true }), path)
  client.dispatch({ type: 'wallets_loaded', wallets })
  return wallets
}
