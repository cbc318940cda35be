import { buildWallet } from '../../apps/devnet/src/wallet/buildWallet'
import { WALLET_DIST_DIR } from './paths'

/**
 * Builds the web wallet once for the whole run (skipped when the build is newer than its sources), so
 * the journeys' devnets, started in parallel, all serve it without building it again.
 */
export default async function setup(): Promise<void> {
  await buildWallet({ outDir: WALLET_DIST_DIR, log: (line) => console.log(line) })
}
