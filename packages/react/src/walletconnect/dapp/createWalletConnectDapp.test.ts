// The dApp role end to end: a real @reown/walletkit wallet (a viem private-key account) connects to
// createWalletConnectDapp through the devnet's loopback relay, links to a user on a real Satchel server
// (SIWE verified there), signs, sends on anvil, declines, disconnects and expires.
import { randomUUID } from 'node:crypto'
import { UserRejectedRequestError } from '@satchel/core'
import { fundAccount, type StartAnvilReturnType, startAnvil } from '@satchel/devchain'
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { anvil } from 'viem/chains'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type CreateRelayReturnType, createRelay } from '../../../../../apps/devnet/src/relay/createRelay'
import { etherMail } from '../../../test/etherMail'
import { startServer, type TestStack } from '../../../test/startServer'
import { type ExternalWallet, startExternalWallet } from '../../../test/walletconnect/startExternalWallet'
import { startFlakyRelay } from '../../../test/walletconnect/startFlakyRelay'
import { getUser } from '../../client/actions/getUser'
import { unlinkAccount } from '../../client/actions/linkAccount'
import { linkWallet } from '../../client/actions/linkWallet'
import { loginWithEmail, sendEmailCode } from '../../client/actions/loginWithEmail'
import { loginWithWallet } from '../../client/actions/loginWithWallet'
import { createSatchelClient, type SatchelClient } from '../../client/createSatchelClient'
import { createMemorySessionKeyStore } from '../../client/session/sessionKeyStore'
import { createMemoryStorage } from '../../client/tokens/storage'
import { createWalletConnectDapp, type WalletConnectDapp } from './createWalletConnectDapp'

// The pauses between attempts to reach the relay (the spec's 1, 2, 3, 4 s, checked with fake timers in
// reachRelay.test.ts) made a tenth as long through reachRelay's own backoffMs option: what these tests
// check is the attempts, their order and the answer, with the real SDK, not how long each pause is.
vi.mock('./reachRelay', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./reachRelay')>()
  return {
    ...actual,
    reachRelay: (parameters: Parameters<typeof actual.reachRelay>[0]) =>
      actual.reachRelay({ ...parameters, backoffMs: (attempt) => attempt * 100 }),
  }
})

const chainId = 31337
// The real clock, kept before any test shifts Date.now: the relay measures its mailbox by it.
const realNow = Date.now.bind(Date)
const minute = 60_000
const day = 24 * 60 * minute

let chain: StartAnvilReturnType
let relay: CreateRelayReturnType
let stack: TestStack
let dapp: WalletConnectDapp
let wallet: ExternalWallet
let localChain: Chain

function newClient(): SatchelClient {
  return createSatchelClient({
    appId: stack.appId,
    serverUrl: stack.url,
    storage: createMemoryStorage(),
    sessionKeyStore: createMemorySessionKeyStore(),
  })
}

/** The `wc:` URI once the dApp shows it. */
async function waitForUri(): Promise<string> {
  await expect.poll(() => dapp.getState().status, { timeout: 20_000 }).toBe('waiting')
  const state = dapp.getState()
  if (state.status !== 'waiting') throw new Error('no URI')
  return state.uri
}

async function connect() {
  const session = dapp.connect()
  const topic = await wallet.approve(await waitForUri())
  return { session: await session, topic }
}

/** Moves the SDKs' clock and waits for their 5 s heartbeat to look at expiries. */
function shiftClock(byMs: number) {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + byMs)
}

beforeAll(async () => {
  chain = await startAnvil({ chainId })
  localChain = defineChain({ ...anvil, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  relay = await createRelay({ now: realNow })
  stack = await startServer({ env: { RPC_URLS: `${chainId}=${chain.rpcUrl}` } })
})
afterAll(async () => {
  await stack?.close()
  await relay?.close()
  await chain?.stop()
})
beforeEach(async () => {
  dapp = createWalletConnectDapp({
    projectId: 'test',
    relayUrl: relay.url,
    chains: [chainId],
    storagePrefix: `dapp-${randomUUID()}`,
    storage: 'memory',
    metadata: { name: 'Satchel test app', description: 'Links wallets', url: 'http://localhost', icons: [] },
  })
  wallet = await startExternalWallet({ relayUrl: relay.url, chainId, rpcUrl: chain.rpcUrl })
})
afterEach(async () => {
  vi.restoreAllMocks()
  await dapp.destroy()
  await wallet.close()
})

describe('createWalletConnectDapp with a real WalletKit wallet', () => {
  it('shows a wc: URI, goes from an inactive to an active pairing on approval, and links the wallet (SIWE checked by the server)', async () => {
    const client = newClient()
    await client.start()
    await sendEmailCode(client, { email: 'wc-link@example.com' })
    await loginWithEmail(client, {
      email: 'wc-link@example.com',
      code: await stack.latestCode('wc-link@example.com'),
    })

    const pending = dapp.connect()
    const uri = await waitForUri()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/)
    expect(dapp.getState()).toMatchObject({ status: 'waiting', pairing: 'inactive' })
    await wallet.approve(uri)
    const session = await pending
    expect(dapp.getState()).toMatchObject({ status: 'connected', pairing: 'active' })
    expect(session.accounts).toEqual([wallet.address])
    expect(session.peer.name).toBe('External test wallet')
    // Seven days, as the spec says.
    expect(Math.round((session.expiresAt - realNow()) / day)).toBe(7)

    const user = await linkWallet(client, {
      provider: dapp.provider,
      walletClientType: 'walletconnect',
      connectorType: 'wallet_connect',
    })
    const linked = (await getUser(client)).linkedAccounts.find((account) => account.type === 'wallet')
    expect(linked).toMatchObject({
      address: wallet.address,
      walletClientType: 'walletconnect',
      connectorType: 'wallet_connect',
    })
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ address: wallet.address }))
    expect(wallet.requests).toEqual(['personal_sign'])

    // Unlinked again by the address the linked account lists: gone from the user, on the server too.
    const after = await unlinkAccount(client, { type: 'wallet', address: wallet.address })
    expect(after.linkedAccounts.map((account) => account.type)).toEqual(['email'])
    const state = client.getState()
    expect(
      state.status === 'authenticated' && state.user.linkedAccounts.map((account) => account.type),
    ).toEqual(['email'])
    expect((await getUser(client)).linkedAccounts.map((account) => account.type)).toEqual(['email'])
    client.destroy()
  })

  it('signs in with the session as an EIP-1193 provider', async () => {
    await connect()
    const client = newClient()
    await client.start()
    const { user, isNewUser } = await loginWithWallet(client, {
      provider: dapp.provider,
      walletClientType: 'walletconnect',
      connectorType: 'wallet_connect',
    })
    expect(isNewUser).toBe(true)
    expect(user.linkedAccounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: wallet.address }),
    )
    // The wallet is this user's only way in: the server keeps it, and says why in words.
    await expect(unlinkAccount(client, { type: 'wallet', address: wallet.address })).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
      shortMessage: 'The last way to sign in cannot be unlinked',
    })
    expect((await getUser(client)).linkedAccounts).toHaveLength(1)
    client.destroy()
  })

  it('asks the wallet for personal_sign and eth_signTypedData_v4, which viem verifies', async () => {
    await connect()
    const viemWallet = createWalletClient({
      account: wallet.address,
      chain: localChain,
      transport: custom(dapp.provider),
    })
    expect(await viemWallet.getChainId()).toBe(chainId)
    const signature = await viemWallet.signMessage({ message: 'Hello over WalletConnect' })
    expect(
      await verifyMessage({ address: wallet.address, message: 'Hello over WalletConnect', signature }),
    ).toBe(true)
    const typed = await viemWallet.signTypedData(etherMail)
    expect(await verifyTypedData({ address: wallet.address, signature: typed, ...etherMail })).toBe(true)
    expect(wallet.requests).toEqual(['personal_sign', 'eth_signTypedData_v4'])
  })

  it('has the wallet send a transaction that is mined on anvil', async () => {
    await fundAccount({
      rpcUrl: chain.rpcUrl,
      chainId,
      to: wallet.address,
      asset: 'native',
      amount: parseEther('1'),
    })
    await connect()
    const viemWallet = createWalletClient({
      account: wallet.address,
      chain: localChain,
      transport: custom(dapp.provider),
    })
    const to = '0x000000000000000000000000000000000000dEaD'
    const publicClient = createPublicClient({ chain: localChain, transport: http(chain.rpcUrl) })
    const before = await publicClient.getBalance({ address: to })
    const hash = await dapp.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x2386f26fc10000' }],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect((await publicClient.getBalance({ address: to })) - before).toBe(parseEther('0.01'))
    // viem's own sendTransaction through the provider works the same way.
    const second = await viemWallet.sendTransaction({ to, value: 1n })
    expect((await publicClient.waitForTransactionReceipt({ hash: second })).status).toBe('success')
  })

  it('surfaces a declined request as EIP-1193 4001, and a declined connection too', async () => {
    await connect()
    wallet.rejectRequests = true
    await expect(
      dapp.provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] }),
    ).rejects.toMatchObject({ code: 4001, name: 'UserRejectedRequestError' })
    await dapp.disconnect()

    const pending = dapp.connect()
    const rejected = expect(pending).rejects.toBeInstanceOf(UserRejectedRequestError)
    await wallet.reject(await waitForUri())
    await rejected
    const state = dapp.getState()
    expect(state.status).toBe('error')
    if (state.status === 'error') expect(state.error.message).toContain('The wallet declined the connection')
  })

  it('refuses an address that is not the wallet’s, and methods the wallet did not approve', async () => {
    await connect()
    await expect(
      dapp.provider.request({
        method: 'personal_sign',
        params: ['0x68656c6c6f', '0x000000000000000000000000000000000000dEaD'],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      dapp.provider.request({ method: 'eth_signTransaction', params: [{}] }),
    ).rejects.toMatchObject({
      code: 4200,
    })
    expect(wallet.requests).toEqual([])
  })

  it('reflects a disconnect from the wallet at once: state, provider events, and 4900 after', async () => {
    const { topic } = await connect()
    const events: string[] = []
    dapp.provider.on('accountsChanged', (accounts) => events.push(`accountsChanged ${accounts.length}`))
    dapp.provider.on('disconnect', (error) => events.push(`disconnect ${'code' in error ? error.code : ''}`))
    await wallet.disconnect(topic)
    await expect
      .poll(() => dapp.getState(), { timeout: 20_000 })
      .toEqual({
        status: 'disconnected',
        pairing: 'deleted',
        by: 'wallet',
      })
    expect(events).toEqual(['accountsChanged 0', 'disconnect 4900'])
    expect(await dapp.provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(
      dapp.provider.request({ method: 'personal_sign', params: ['0x00', wallet.address] }),
    ).rejects.toMatchObject({ code: 4900 })
  })

  it('tells the wallet at once when the app disconnects', async () => {
    const { topic } = await connect()
    expect(Object.keys(wallet.kit.getActiveSessions())).toEqual([topic])
    const deleted = new Promise<{ topic: string }>((resolve) => wallet.kit.once('session_delete', resolve))
    await dapp.disconnect()
    expect(dapp.getState()).toEqual({ status: 'disconnected', pairing: 'deleted', by: 'app' })
    expect(await deleted).toMatchObject({ topic })
    expect(wallet.kit.getActiveSessions()).toEqual({})
  })

  it('withdraws an unanswered pairing when the app gives up, and starts afresh on the next connect()', async () => {
    const first = dapp.connect()
    const cancelled = expect(first).rejects.toThrow('The connection was cancelled')
    const staleUri = await waitForUri()
    await dapp.disconnect()
    expect(dapp.getState()).toEqual({ status: 'disconnected', pairing: 'deleted', by: 'app' })
    await cancelled
    // A second attempt right away (React's StrictMode remounts do this) gets its own code.
    const second = dapp.connect()
    const uri = await waitForUri()
    expect(uri).not.toBe(staleUri)
    await wallet.approve(uri)
    expect((await second).accounts).toEqual([wallet.address])
  })

  it('deletes an unanswered pairing after 5 minutes: the URI no longer pairs', async () => {
    const pending = dapp.connect()
    const rejected = expect(pending).rejects.toThrow('The connection code expired')
    const uri = await waitForUri()
    shiftClock(5 * minute + 1000)
    await expect
      .poll(() => dapp.getState(), { timeout: 20_000 })
      .toEqual({
        status: 'expired',
        pairing: 'deleted',
        what: 'pairing',
      })
    await rejected
    await expect(wallet.kit.pair({ uri })).rejects.toThrow(/expired/)
  })

  it('says in words when the relay cannot be reached, after 5 attempts', async () => {
    const offline = createWalletConnectDapp({
      projectId: 'test',
      // Port 9 (discard): nothing listens on loopback.
      relayUrl: 'ws://127.0.0.1:9',
      chains: [chainId],
      storagePrefix: `offline-${randomUUID()}`,
      storage: 'memory',
    })
    try {
      await expect(offline.connect()).rejects.toMatchObject({
        code: 4900,
        shortMessage: 'The WalletConnect relay could not be reached',
      })
      expect(offline.getState()).toMatchObject({ status: 'error', pairing: undefined })
    } finally {
      await offline.destroy()
    }
  }, 60_000)

  it('ends a session after 7 days, later when extended', async () => {
    const { topic } = await connect()
    shiftClock(6 * day)
    const extended = await dapp.extend()
    expect(Math.round((extended.expiresAt - Date.now()) / day)).toBe(7)
    // Past the first 7 days: still connected, thanks to the extension.
    shiftClock(8 * day)
    // Past one 5 s heartbeat, so the SDK has looked at the expiries with the shifted clock.
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    expect(dapp.getState().status).toBe('connected')
    expect(Object.keys(wallet.kit.getActiveSessions())).toEqual([topic])

    shiftClock(13 * day + minute)
    await expect
      .poll(() => dapp.getState(), { timeout: 20_000 })
      .toEqual({
        status: 'expired',
        pairing: 'deleted',
        what: 'session',
      })
    await expect.poll(() => wallet.kit.getActiveSessions(), { timeout: 20_000 }).toEqual({})
  })
})

describe('reaching the relay: up to 5 attempts, as the spec says', () => {
  const viaRelay = (url: string) =>
    createWalletConnectDapp({
      projectId: 'test',
      relayUrl: url,
      chains: [chainId],
      storagePrefix: `flaky-${randomUUID()}`,
      storage: 'memory',
    })

  it('gets through a relay that refuses the first 2 connections on the 3rd attempt, and signs through it', async () => {
    const flaky = await startFlakyRelay({ relayUrl: relay.url, refuse: 2 })
    const flakyDapp = viaRelay(flaky.url)
    try {
      const pending = flakyDapp.connect()
      await expect.poll(() => flakyDapp.getState().status, { timeout: 30_000 }).toBe('waiting')
      expect(flaky.upgrades.slice(0, 3)).toEqual(['refused', 'refused', 'accepted'])
      const state = flakyDapp.getState()
      if (state.status !== 'waiting') throw new Error('no URI')
      await wallet.approve(state.uri)
      expect((await pending).accounts).toEqual([wallet.address])
      const signature = await flakyDapp.provider.request({
        method: 'personal_sign',
        params: [toHex('Through a flaky relay'), wallet.address],
      })
      expect(
        await verifyMessage({ address: wallet.address, message: 'Through a flaky relay', signature }),
      ).toBe(true)
    } finally {
      await flakyDapp.destroy()
      await flaky.close()
    }
  }, 90_000)

  it('gives up after the 5th refused attempt with the relay in words, and knocks no more', async () => {
    const flaky = await startFlakyRelay({ relayUrl: relay.url })
    const flakyDapp = viaRelay(flaky.url)
    try {
      await expect(flakyDapp.connect()).rejects.toMatchObject({
        code: 4900,
        shortMessage: 'The WalletConnect relay could not be reached',
      })
      expect(flakyDapp.getState()).toMatchObject({ status: 'error', pairing: undefined })
      expect(flaky.upgrades).toEqual(['refused', 'refused', 'refused', 'refused', 'refused'])
      // Longer than the SDK's 5 s heartbeat (real here, as is everything but the pauses above), on
      // whose pulse its client would knock again: nothing tries again behind the app's back.
      await new Promise((resolve) => setTimeout(resolve, 7_000))
      expect(flaky.upgrades).toHaveLength(5)
    } finally {
      await flakyDapp.destroy()
      await flaky.close()
    }
  }, 90_000)
})
