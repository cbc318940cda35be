import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getSolanaCluster, LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import { address, createSolanaRpc } from '@solana/kit'
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
    solana: await freePort(),
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

// The first start builds the web wallet and the console (Vite), kept for the starts after it.
describe('npm start (the devnet)', { timeout: 300_000 }, () => {
  it('brings up both chains with USDC, the API with its outbox page, and keeps everything for the next start', async () => {
    const lines: string[] = []
    const first = await startDevnet({ dataDir, ports, env: {}, log: (l) => lines.push(l) })
    let appId: string
    try {
      appId = first.appId
      expect(lines.join('\n')).toContain(`http://localhost:${ports.api}/outbox`)
      // The console, with the owner's login printed beside it.
      expect(lines.join('\n')).toMatch(
        new RegExp(
          `Console +http://localhost:${ports.api}/console +\\(sign in as operator@satchel.local, an owner\\)`,
        ),
      )
      const consolePage = await fetch(first.urls.console)
      expect(consolePage.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await consolePage.text()).toContain('<title>Satchel console</title>')
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

      // The local Solana cluster answers for Solana devnet, and the API sends devnet's way to it.
      expect(lines.join('\n')).toContain(`Solana          http://127.0.0.1:${ports.solana}`)
      const solana = createSolanaRpc(first.urls.solana.rpcUrl)
      expect(await solana.getGenesisHash().send()).toBe(getSolanaCluster('devnet').genesisHash)
      expect(first.server.satchel.config.solanaRpcUrls.get('devnet')).toBe(first.urls.solana.rpcUrl)
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

  it('gives a user a Solana wallet beside the EVM one, and the sandbox onramp pays it USDC and SOL on the local cluster', async () => {
    const devnet = await startDevnet({ dataDir, ports, env: {}, log: () => {} })
    try {
      const api = devnet.urls.api
      const headers = { 'content-type': 'application/json', 'satchel-app-id': devnet.appId, origin: api }
      const post = async (path: string, body: unknown, token?: string) => {
        const response = await fetch(`${api}${path}`, {
          method: 'POST',
          headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
          body: JSON.stringify(body),
        })
        return { status: response.status, json: await response.json() }
      }
      const signIn = await post('/api/v1/guest/authenticate', {
        guest_credential: randomBytes(32).toString('base64url'),
      })
      expect(signIn.status).toBe(200)
      const token = signIn.json.token
      const evm = await post('/api/v1/wallets', { chain_type: 'ethereum' }, token)
      const sol = await post('/api/v1/wallets', { chain_type: 'solana' }, token)
      expect(evm.status).toBe(201)
      expect(sol.status).toBe(201)
      expect(sol.json.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

      const solana = createSolanaRpc(devnet.urls.solana.rpcUrl)
      const owner = address(sol.json.address)
      const mint = address(devnet.urls.solana.usdcMint)
      for (const [asset, amount] of [
        ['USDC', '25'],
        ['native', '0.5'],
      ] as const) {
        const init = await post(
          '/api/v1/funding/sandbox/init',
          { address: owner, caip2: devnet.urls.solana.caip2, asset, amount },
          token,
        )
        expect(init.status, JSON.stringify(init.json)).toBe(200)
        // What a person does in the popup: open the checkout, pay with the test card.
        const checkout = await (await fetch(init.json.checkout_url)).text()
        expect(checkout).toContain(owner)
        const session = /name="session" value="([^"]+)"/.exec(checkout)?.[1] ?? ''
        const paid = await fetch(new URL('/checkout', init.json.checkout_url), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            session,
            amount,
            asset,
            card_number: '4242 4242 4242 4242',
          }).toString(),
        })
        expect(paid.status, await paid.clone().text()).toBe(200)
        const status = await fetch(`${api}/api/v1/funding/sandbox/status?sessionId=${init.json.session_id}`, {
          headers: { ...headers, authorization: `Bearer ${token}` },
        })
        const answer = await status.json()
        expect(answer.status).toBe('success')
        const [confirmed] = (await solana.getSignatureStatuses([answer.tx_hash]).send()).value
        expect(confirmed?.err).toBeNull()
      }

      const accounts = await solana
        .getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' })
        .send()
      expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('25')
      expect((await solana.getBalance(owner).send()).value).toBe(500_000_000n)
    } finally {
      await devnet.stop()
    }
  })
})
