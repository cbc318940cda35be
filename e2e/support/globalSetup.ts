import { buildWallet, CONSOLE_DIR } from '../../apps/devnet/src/wallet/buildWallet'
import { CONSOLE_DIST_DIR, WALLET_DIST_DIR } from './paths'
import { buildWalletConnectDapp } from './startWalletConnectDapp'

/**
 * Builds the web wallet, the console and the WalletConnect test dApp once for the whole run (each skipped when
 * built from the same sources before), so the journeys' devnets, started in parallel, all serve them
 * without building again.
 */
export default async function setup(): Promise<void> {
  await buildWallet({ outDir: WALLET_DIST_DIR, log: (line) => console.log(line) })
  await buildWallet({ appDir: CONSOLE_DIR, outDir: CONSOLE_DIST_DIR, log: (line) => console.log(line) })
  await buildWalletConnectDapp()
}
