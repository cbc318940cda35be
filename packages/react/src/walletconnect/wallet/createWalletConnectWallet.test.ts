// The wallet role end to end: a real @walletconnect/sign-client dApp (2.25.0) connects through the
// devnet's loopback relay to createWalletConnectWallet (WalletKit 1.6.0), whose embedded wallet signs
// through a real Satchel server and sends on anvil.
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvalidWalletConnectUriError } from '@satchel/core'
import { fundAccount, type StartAnvilReturnType, startAnvil } from '@satchel/devchain'
import { SignClient } from '@walletconnect/sign-client'
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type CreateRelayReturnType, createRelay } from '../../../../../apps/devnet/src/relay/createRelay'
import { etherMail } from '../../../test/etherMail'
import { signInWithEmail } from '../../../test/signInWithEmail'
import { startServer, type TestStack } from '../../../test/startServer'
import { createWallet } from '../../client/actions/createWallet'
import type { SatchelClient } from '../../client/createSatchelClient'
import { createWalletConnectWallet, type WalletConnectWallet } from './createWalletConnectWallet'
import type { WalletConnectRequest } from './types'

// The SDK's own test switch: no telemetry or Verify look-ups to public hosts.
process.env.IS_VITEST = 'true'

const caip2 = 'eip155:31337'
const methods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']
const events = ['accountsChanged', 'chainChanged']

type Dapp = Awaited<ReturnType<typeof SignClient.init>>

let chain: StartAnvilReturnType
let stack: TestStack
let client: SatchelClient
let address: Address
let relay: CreateRelayReturnType
let dapp: Dapp
let wallet: WalletConnectWallet

/** The wallet under test on the loopback relay, its WalletConnect state stored under `prefix` in `database`. */
function openWallet(prefix: string, database: string): WalletConnectWallet {
  return createWalletConnectWallet({
    client,
    projectId: 'test',
    relayUrl: relay.url,
    metadata: {
      name: 'Satchel Wallet',
      description: 'Satchel test wallet',
      url: 'http://127.0.0.1',
      icons: [],
    },
    chains: [31337],
    customStoragePrefix: prefix,
    storageOptions: { database },
    requestQueueDelay: 0,
  })
}

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
  stack = await startServer({ env: { RPC_URLS: `31337=${chain.rpcUrl}` } })
  client = await signInWithEmail(stack, 'walletconnect@example.com', { createWalletsOnLogin: 'off' })
  const created = await createWallet(client, { chainType: 'ethereum' })
  address = created.address as Address
  await fundAccount({
    rpcUrl: chain.rpcUrl,
    chainId: 31337,
    to: address,
    asset: 'native',
    amount: parseEther('5'),
  })
})

afterAll(async () => {
  client?.destroy()
  await stack?.close()
  await chain?.stop()
})

beforeEach(async () => {
  relay = await createRelay()
  dapp = await SignClient.init({
    projectId: 'test',
    relayUrl: relay.url,
    // Distinct prefixes: WalletConnect's Core is one per prefix per process.
    customStoragePrefix: `dapp-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    // The SDK logs every error answer it receives; the tests assert them instead.
    logger: 'silent',
    metadata: { name: 'Test dApp', description: 'A dApp in a test', url: 'http://127.0.0.1:5173', icons: [] },
  })
  wallet = openWallet(`wallet-${randomUUID()}`, ':memory:')
})

afterEach(async () => {
  vi.useRealTimers()
  await wallet.destroy()
  await dapp.core.relayer.transportClose()
  dapp.core.heartbeat.stop()
  await relay.close()
})

async function propose(namespace: { chains: string[]; methods: string[] } = { chains: [caip2], methods }) {
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { ...namespace, events } } })
  if (!uri) throw new Error('connect() gave no URI')
  // Settled by whichever test awaits it; a refusal must not count as unhandled before then.
  approval().catch(() => {})
  return { uri, approval }
}

async function connect() {
  const { uri, approval } = await propose()
  const proposal = await wallet.pair(uri)
  await wallet.approveSession(proposal.id)
  return approval()
}

/** Sends a request from the dApp and waits until the wallet shows it. */
async function ask<result>(topic: string, method: string, params: unknown[]) {
  const answer = dapp.request<result>({ topic, chainId: caip2, request: { method, params } })
  answer.catch(() => {})
  await expect.poll(() => wallet.getState().queue.current?.method, { timeout: 15_000 }).toBe(method)
  const current = wallet.getState().queue.current as WalletConnectRequest
  return { answer, current }
}

describe('the embedded wallet as a WalletConnect wallet', () => {
  it('refuses a bad or expired link in words before connecting to anything', async () => {
    await expect(wallet.pair('https://example.com/connect')).rejects.toThrow(
      'This is not a WalletConnect link: it should start with wc:',
    )
    const { uri } = await propose()
    const expired = uri.replace(/expiryTimestamp=\d+/, `expiryTimestamp=${Math.floor(Date.now() / 1000) - 1}`)
    const error = await wallet.pair(expired).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidWalletConnectUriError)
    expect(error).toMatchObject({ reason: 'expired' })
    await expect(wallet.pair(uri.replace(/symKey=[0-9a-f]+/, ''))).rejects.toThrow(
      'This WalletConnect link has no symmetric key',
    )
    // Nothing was started: the links were refused on sight.
    expect(wallet.getState()).toMatchObject({ status: 'idle', pairing: false, proposals: [] })
  })

  it('shows the proposal, approves it with the embedded wallet, and answers personal_sign, typed data and a send', async () => {
    const { uri, approval } = await propose({
      chains: [caip2, 'eip155:999999'],
      methods: [...methods, 'eth_sign'],
    })
    const pairing = wallet.pair(uri)
    expect(wallet.getState().pairing).toBe(true)
    const proposal = await pairing
    expect(wallet.getState().pairing).toBe(false)
    expect(proposal).toMatchObject({
      app: { name: 'Test dApp', url: 'http://127.0.0.1:5173', verification: 'unknown' },
      chains: [
        { caip2, chainId: 31337, supported: true },
        { caip2: 'eip155:999999', chainId: 999999, supported: false },
      ],
      methods: expect.arrayContaining([
        { name: 'personal_sign', supported: true },
        { name: 'eth_sign', supported: false },
      ]),
      refusal: undefined,
    })
    expect(proposal.expiresAt).toBeGreaterThan(Date.now())
    expect(wallet.getState().proposals).toHaveLength(1)
    // The link's pairing waits, inactive, for the answer (5 minutes at most)...
    expect(wallet.getState().pairings).toEqual([
      { topic: proposal.pairingTopic, state: 'inactive', expiresAt: expect.any(Number), appName: undefined },
    ])
    expect(wallet.getState().pairings[0]?.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000)

    const approved = await wallet.approveSession(proposal.id)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`${caip2}:${address}`])
    // Only what the wallet can answer is offered: eth_sign, asked for above, is left out (the server
    // refuses it), and eth_signTransaction, not asked for, is offered.
    expect(session.namespaces.eip155?.methods).toEqual([
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'eth_signTransaction',
    ])
    expect(approved).toMatchObject({ topic: session.topic, app: { name: 'Test dApp' }, chains: [caip2] })
    // Seven days, as the spec says.
    expect(approved.expiresAt - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000)
    expect(wallet.getState()).toMatchObject({ proposals: [], sessions: [{ topic: session.topic }] })
    // ...and is active once a session is approved over it.
    await expect.poll(() => wallet.getState().pairings[0]?.state).toBe('active')

    const message = 'Sign in to Test dApp'
    const signing = await ask<Hex>(session.topic, 'personal_sign', [toHex(message), address])
    expect(signing.current.summary).toEqual({ kind: 'message', text: message, raw: toHex(message) })
    expect(wallet.getState().queue).toMatchObject({ state: 'active', waiting: 0 })
    expect(await wallet.approveRequest()).toMatchObject({ outcome: 'approved' })
    expect(await verifyMessage({ address, message, signature: await signing.answer })).toBe(true)
    expect(wallet.getState().queue).toEqual({ state: 'idle', current: undefined, waiting: 0 })

    const typed = await ask<Hex>(session.topic, 'eth_signTypedData_v4', [address, JSON.stringify(etherMail)])
    expect(typed.current.summary).toMatchObject({
      kind: 'typedData',
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: 31337 },
    })
    await wallet.approveRequest()
    expect(await verifyTypedData({ address, signature: await typed.answer, ...etherMail })).toBe(true)

    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const send = await ask<Hex>(session.topic, 'eth_sendTransaction', [
      { from: address, to, value: toHex(parseEther('0.25')) },
    ])
    expect(send.current.summary).toEqual({
      kind: 'transaction',
      send: true,
      to,
      value: parseEther('0.25'),
      data: undefined,
      chainId: 31337,
    })
    await wallet.approveRequest()
    const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await send.answer })
    expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: to.toLowerCase() })

    // Every offered method is answered: eth_signTransaction gives a transaction signed by the wallet.
    const signed = await ask<TransactionSerialized>(session.topic, 'eth_signTransaction', [
      { from: address, to, value: toHex(parseEther('0.01')), gas: toHex(21_000), nonce: toHex(50) },
    ])
    expect(await wallet.approveRequest()).toMatchObject({ outcome: 'approved' })
    const serializedTransaction = await signed.answer
    expect(serializedTransaction).toMatch(/^0x02[0-9a-f]+$/)
    expect(await recoverTransactionAddress({ serializedTransaction })).toBe(address)
    expect(parseTransaction(serializedTransaction)).toMatchObject({
      to: to.toLowerCase(),
      nonce: 50,
      chainId: 31337,
    })
  })

  it('rejects a request as the user: the dApp gets user rejected, and the queue moves on', async () => {
    const session = await connect()
    const first = await ask<Hex>(session.topic, 'personal_sign', [toHex('Transfer everything'), address])
    const second = dapp.request<Hex>({
      topic: session.topic,
      chainId: caip2,
      request: { method: 'personal_sign', params: [toHex('Second'), address] },
    })
    await wallet.rejectRequest()
    await expect(first.answer).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
    // One at a time: the second request shows only once the first is answered.
    await expect
      .poll(() => wallet.getState().queue.current?.summary, { timeout: 15_000 })
      .toMatchObject({
        text: 'Second',
      })
    await wallet.approveRequest()
    expect(await verifyMessage({ address, message: 'Second', signature: await second })).toBe(true)
  })

  it('answers a request for an address the session does not share with an error, not a signature', async () => {
    const session = await connect()
    const stranger = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const { answer } = await ask<Hex>(session.topic, 'personal_sign', [toHex('Not yours'), stranger])
    expect(await wallet.approveRequest()).toMatchObject({ outcome: 'failed' })
    await expect(answer).rejects.toMatchObject({ code: 4100 })
    expect(wallet.getState().queue.state).toBe('idle')
  })

  it('refuses a proposal for chains it does not serve (5100) or methods it does not answer (5101)', async () => {
    const chains = await propose({ chains: ['eip155:999999'], methods: ['personal_sign'] })
    const proposal = await wallet.pair(chains.uri)
    expect(proposal.refusal).toEqual({
      key: 'UNSUPPORTED_CHAINS',
      message: 'This app needs a network this wallet does not offer (eip155:999999)',
    })
    await expect(wallet.approveSession(proposal.id)).rejects.toThrow('This app needs a network')
    await wallet.rejectSession(proposal.id)
    await expect(chains.approval()).rejects.toMatchObject({ code: 5100 })

    const onlyEthSign = await propose({ chains: [caip2], methods: ['eth_sign'] })
    const second = await wallet.pair(onlyEthSign.uri)
    expect(second.refusal?.key).toBe('UNSUPPORTED_METHODS')
    await wallet.rejectSession(second.id)
    await expect(onlyEthSign.approval()).rejects.toMatchObject({ code: 5101 })
    expect(wallet.getState().proposals).toEqual([])
  })

  it('never shows the user a request for a chain or method the session did not allow', async () => {
    const session = await connect()
    // A well-behaved SDK checks this before sending; a misbehaving app skips the check. Its engine's
    // own sender does exactly that (an internal of sign-client 2.25.0).
    const engine: unknown = dapp.engine
    const send: unknown = Reflect.get(Object(engine), 'sendRequest')
    const events: unknown = Reflect.get(Object(engine), 'events')
    if (typeof send !== 'function' || !(events instanceof EventEmitter))
      throw new Error('sign-client internals moved')
    const sendRaw = async (method: string, chainId: string) => {
      const id: number = await Reflect.apply(send, engine, [
        {
          topic: session.topic,
          method: 'wc_sessionRequest',
          params: { request: { method, params: [address, '0x00'] }, chainId },
        },
      ])
      return new Promise<{ result?: unknown; error?: unknown }>((resolve) =>
        events.once(`session_request:${id}`, resolve),
      )
    }
    const seen: string[] = []
    const unsubscribe = wallet.subscribe(() => {
      const current = wallet.getState().queue.current
      if (current) seen.push(current.method)
    })
    // WalletKit 1.6.0 checks the session's namespaces before emitting the request and answers with an
    // error of its own (an Error serialised as {}), so the wallet role's 5100/5101 are a second line.
    for (const [method, chainId] of [
      ['eth_sign', caip2],
      ['personal_sign', 'eip155:1'],
    ] as const) {
      const response = await sendRaw(method, chainId)
      expect(response.error).toBeDefined()
      expect(response.result).toBeUndefined()
    }
    unsubscribe()
    expect(seen).toEqual([])
    expect(wallet.getState().queue).toEqual({ state: 'idle', current: undefined, waiting: 0 })
  })

  it('declines a proposal as the user (5000)', async () => {
    const { uri, approval } = await propose()
    const proposal = await wallet.pair(uri)
    await wallet.rejectSession(proposal.id)
    await expect(approval()).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
    expect(wallet.getState().sessions).toEqual([])
  })

  it('reflects a disconnect from either side at once', async () => {
    const first = await connect()
    const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnectSession(first.topic)
    expect(wallet.getState().sessions).toEqual([])
    expect(await deleted).toMatchObject({ topic: first.topic })

    const second = await connect()
    expect(wallet.getState().sessions).toHaveLength(1)
    // A request waiting when the app leaves goes with it.
    await ask(second.topic, 'personal_sign', [toHex('Pending'), address])
    await dapp.disconnect({ topic: second.topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect.poll(() => wallet.getState().sessions, { timeout: 15_000 }).toEqual([])
    expect(wallet.getState().queue.state).toBe('idle')
  })

  it('keeps its sessions over a restart (a page reload) and gets the requests sent while it was away', async () => {
    // Stored on disk like IndexedDB in a browser, under one prefix, as the wallet app does.
    const folder = await mkdtemp(join(tmpdir(), 'satchel-wc-wallet-'))
    const prefix = `wallet-${randomUUID()}`
    const open = () => openWallet(prefix, join(folder, 'walletconnect'))
    await wallet.destroy()
    wallet = open()
    try {
      const session = await connect()
      await wallet.destroy()

      // The app asks while the wallet is closed: the relay keeps the request for it.
      const answer = dapp.request<Hex>({
        topic: session.topic,
        chainId: caip2,
        request: { method: 'personal_sign', params: [toHex('While you were away'), address] },
      })
      answer.catch(() => {})

      // A reloaded page starts a new Core: in one Node process the global one would be reused instead.
      vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
      wallet = open()
      await wallet.start()
      expect(wallet.getState().sessions).toMatchObject([{ topic: session.topic, app: { name: 'Test dApp' } }])
      await expect
        .poll(() => wallet.getState().queue.current?.summary, { timeout: 15_000 })
        .toMatchObject({ text: 'While you were away' })
      await wallet.approveRequest()
      expect(await verifyMessage({ address, message: 'While you were away', signature: await answer })).toBe(
        true,
      )

      // A request shown but not yet answered when the page reloads is shown again after it.
      const unanswered = await ask<Hex>(session.topic, 'personal_sign', [toHex('Still waiting'), address])
      unanswered.answer.catch(() => {})
      await wallet.destroy()
      wallet = open()
      await wallet.start()
      await expect
        .poll(() => wallet.getState().queue.current?.summary, { timeout: 15_000 })
        .toMatchObject({ text: 'Still waiting' })
      await wallet.approveRequest()
      expect(
        await verifyMessage({ address, message: 'Still waiting', signature: await unanswered.answer }),
      ).toBe(true)

      // And a request sent after the restart arrives too.
      const later = await ask<Hex>(session.topic, 'personal_sign', [toHex('After the restart'), address])
      await wallet.approveRequest()
      expect(
        await verifyMessage({ address, message: 'After the restart', signature: await later.answer }),
      ).toBe(true)
    } finally {
      vi.unstubAllEnvs()
      await wallet.destroy()
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('drops a proposal after 5 minutes and a session after 7 days (clock moved forward)', async () => {
    const session = await connect()
    const { uri } = await propose()
    await wallet.pair(uri)
    expect(wallet.getState().proposals).toHaveLength(1)

    // The SDK checks expiry on its 5 s heartbeat against Date.now(): move only the date.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5 * 60_000 + 10_000)
    await expect.poll(() => wallet.getState().proposals, { timeout: 15_000, interval: 200 }).toEqual([])
    // Pairings live 5 minutes in WalletConnect 2.25, active or not (approval restarts the 5 minutes):
    // both links' pairings are deleted, and the session, which lives on its own topic, stays.
    await expect.poll(() => wallet.getState().pairings, { timeout: 15_000, interval: 200 }).toEqual([])
    expect(wallet.getState().sessions).toHaveLength(1)

    vi.setSystemTime(Date.now() + 7 * 24 * 3600_000)
    await expect.poll(() => wallet.getState().sessions, { timeout: 15_000, interval: 200 }).toEqual([])
    await expect
      .poll(() => dapp.session.keys, { timeout: 15_000, interval: 200 })
      .not.toContain(session.topic)
  })
})
