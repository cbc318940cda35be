import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '@satchel/core'
import { type Devnet, startDevnet } from '../../apps/devnet/src/startDevnet'
import { freePort, isAddressInUse } from './freePort'
import { CONSOLE_DIST_DIR, WALLET_DIST_DIR } from './paths'

export type JourneyDevnet = {
  devnet: Devnet
  /** The wallet, served by the API at `http://localhost:<port>/` (localhost: WebAuthn needs a name, not an IP). */
  walletUrl: string
  outboxUrl: string
  stop(): Promise<void>
}

/**
 * The devnet of `npm start` for the journeys of one worker (support/journeyTest.ts): its own data
 * folder and free ports (the sandbox onramp's too: left out, the OS picks it; a port another process
 * took first means a new start on new ones), and the wallet build shared by every worker of the run.
 *
 * @example
 * const world = await startJourneyDevnet()
 * await page.goto(world.walletUrl)
 */
export async function startJourneyDevnet(): Promise<JourneyDevnet> {
  // The ports are free when picked, but the other worker may bind one first: then again, on new ones.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts()
    } catch (error) {
      if (attempt >= 3 || !isAddressInUse(error)) throw error
    }
  }
}

async function startOnFreePorts(): Promise<JourneyDevnet> {
  const dataDir = await mkdtemp(join(tmpdir(), 'satchel-e2e-'))
  const ports = {
    api: await freePort(),
    relay: await freePort(),
    chains: { [LOCAL_CHAIN_ID]: await freePort(), [LOCAL_BASE_CHAIN_ID]: await freePort() },
  }
  const devnet = await startDevnet({
    dataDir,
    ports,
    walletDistDir: WALLET_DIST_DIR,
    consoleDistDir: CONSOLE_DIST_DIR,
    log: () => {},
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      // Every journey signs in several times from 127.0.0.1: production limits would trip.
      RATE_LIMIT_SCALE: '100',
    },
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  })
  return {
    devnet,
    walletUrl: devnet.urls.wallet,
    outboxUrl: devnet.urls.outbox,
    async stop() {
      await devnet.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
