// Teardown, as a Node process sees it: once the last holder of a connected dApp lets go (what
// useWalletConnect does when it unmounts, with <SatchelProvider> or alone), the relay sees the socket
// close and the process has nothing left to wait for, so it exits by itself.
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CreateRelayReturnType, createRelay } from '../../../../../apps/devnet/src/relay/createRelay'
import { type ExternalWallet, startExternalWallet } from '../../../test/walletconnect/startExternalWallet'

const script = fileURLToPath(new URL('../../../test/walletconnect/runHeldDapp.ts', import.meta.url))
let relay: CreateRelayReturnType
let wallet: ExternalWallet

beforeAll(async () => {
  relay = await createRelay()
  // The wallet only signs here; its chain is never asked for.
  wallet = await startExternalWallet({ relayUrl: relay.url, chainId: 31337, rpcUrl: 'http://127.0.0.1:1' })
})
afterAll(async () => {
  await wallet?.close()
  await relay?.close()
})

/** Each JSON line the child prints, as it prints it. */
function lines(child: ChildProcess): AsyncIterator<Record<string, unknown>> {
  if (!child.stdout) throw new Error('no stdout')
  const reader = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  return {
    async next() {
      for (;;) {
        const { value, done } = await reader.next()
        if (done) return { value: undefined, done: true }
        // The SDK logs to stdout too; only this script's lines are JSON objects with its keys.
        if (/^\{"(uri|connected|released)"/.test(value)) return { value: JSON.parse(value), done: false }
      }
    },
  }
}

describe('holdWalletConnectDapp', () => {
  it('closes the relay socket and stops every timer once released: the process exits by itself', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, relay.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, IS_VITEST: 'true' },
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    try {
      const output = lines(child)
      const first = await output.next()
      const uri = first.value?.uri
      if (typeof uri !== 'string') throw new Error(`expected a URI, got ${JSON.stringify(first.value)}`)
      await wallet.approve(uri)
      expect((await output.next()).value).toEqual({ connected: wallet.address })
      // The wallet's socket and the dApp's.
      const open = relay.stats().clients
      expect((await output.next()).value).toEqual({ released: true })

      await expect.poll(() => relay.stats().clients, { timeout: 20_000 }).toBe(open - 1)
      // The SDK's heartbeat alone (every 5 s) would keep it running for ever.
      const code = await Promise.race([
        exited,
        new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000)),
      ])
      expect(code).toBe(0)
      // The session was kept, not ended: the wallet still has it.
      expect(Object.keys(wallet.kit.getActiveSessions())).toHaveLength(1)
    } finally {
      child.kill()
    }
  }, 90_000)
})
