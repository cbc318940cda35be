import { LOCAL_CHAIN_ID } from '@satchel/core'
import { fundAccount } from '@satchel/devchain'
import type { Page } from 'playwright-core'
import { type Address, getAddress, parseEther } from 'viem'
import type { JourneyDevnet } from './startJourneyDevnet'
import { signInWithEmail } from './walletSteps'

/**
 * Signs in with an email code, then has the devnet's treasury (another wallet) send `eth` to the new
 * wallet on the local chain: a person with coin for fees. Answers the wallet's address.
 *
 * @example
 * const address = await signInWithCoin(page, world, 'ada@example.com', '0.1')
 */
export async function signInWithCoin(
  page: Page,
  world: JourneyDevnet,
  email: string,
  eth: string,
): Promise<Address> {
  const address = getAddress(await signInWithEmail(page, world, email))
  await fundAccount({
    rpcUrl: world.devnet.urls.chains[LOCAL_CHAIN_ID] ?? '',
    chainId: LOCAL_CHAIN_ID,
    to: address,
    asset: 'native',
    amount: parseEther(eth),
  })
  return address
}
