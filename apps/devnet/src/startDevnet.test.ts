import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevnetPorts, startDevnet } from './startDevnet'

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

let dataDir: string
let ports: DevnetPorts
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'satchel-devnet-'))
  ports = {
    api: await freePort(),
    relay: await freePort(),
    chains: { [LOCAL_CHAIN_ID]: await freePort(), [LOCAL_BASE_CHAIN_ID]: await freePort() },
  }
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

const rpc = async (url: string, method: string, params: unknown[] = []) =>
  (
    await (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()
  ).result

describe('npm start (the devnet)', { timeout: 120_000 }, () => {
  it('brings up both chains with USDC, the API with its outbox page, and keeps everything for the next start', async () => {
    const lines: string[] = []
    const first = await startDevnet({ dataDir, ports, env: {}, log: (l) => lines.push(l) })
    let appId: string
    try {
      appId = first.appId
      expect(lines.join('\n')).toContain(`http://localhost:${ports.api}/outbox`)
      for (const id of [LOCAL_CHAIN_ID, LOCAL_BASE_CHAIN_ID]) {
        const url = first.urls.chains[id] ?? ''
        expect(Number(await rpc(url, 'eth_chainId'))).toBe(id)
        expect(await rpc(url, 'eth_getCode', [LOCAL_USDC_ADDRESS, 'latest'])).not.toBe('0x')
      }
      const headers = { 'content-type': 'application/json', 'satchel-app-id': appId, origin: first.urls.api }
      const init = await fetch(`${first.urls.api}/api/v1/passwordless/init`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'new@example.com' }),
      })
      expect(init.status).toBe(200)
      const page = await (await fetch(first.urls.outbox)).text()
      expect(page).toMatch(/Email to <strong>new@example.com<\/strong>/)
      expect(page).toMatch(/class="code" aria-label="Code">\d{6}</)
      await rpc(first.urls.chains[LOCAL_CHAIN_ID] ?? '', 'anvil_mine', ['0x3'])
    } finally {
      await first.stop()
    }
    const second = await startDevnet({ dataDir, ports, env: {}, log: () => {} })
    try {
      expect(second.appId).toBe(appId)
      expect(
        Number(await rpc(second.urls.chains[LOCAL_CHAIN_ID] ?? '', 'eth_blockNumber')),
      ).toBeGreaterThanOrEqual(3)
      const page = await (await fetch(second.urls.outbox)).text()
      expect(page).toContain('new@example.com')
    } finally {
      await second.stop()
    }
  })
})
