// The point of the relay: the real, pinned WalletConnect SDKs (a @walletconnect/sign-client dApp and a
// @reown/walletkit wallet) talk to each other through it, on loopback, with no other network.
import { randomUUID } from 'node:crypto'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { ICore } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { type Hex, isHex, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CreateRelayReturnType, createRelay } from './createRelay'

// The SDK's own test switch: no telemetry or Verify look-ups to public hosts.
process.env.IS_VITEST = 'true'

const chainId = 'eip155:31337'
const metadata = (name: string) => ({
  name,
  description: `${name} (test)`,
  url: 'http://127.0.0.1',
  icons: [],
})

type Clients = {
  relay: CreateRelayReturnType
  dapp: Awaited<ReturnType<typeof SignClient.init>>
  wallet: Awaited<ReturnType<typeof WalletKit.init>>
  account: ReturnType<typeof privateKeyToAccount>
}

let clients: Clients

async function stopCore(core: ICore) {
  await core.relayer.transportClose()
  // The 5 s heartbeat would keep the test process alive.
  core.heartbeat.stop()
}

beforeEach(async () => {
  const relay = await createRelay()
  const common = { projectId: 'test', relayUrl: relay.url, storageOptions: { database: ':memory:' } }
  // Distinct storage prefixes: Core is a process-wide singleton per prefix, and two clients sharing one
  // would share a relayer and hang.
  const dapp = await SignClient.init({
    ...common,
    customStoragePrefix: `dapp-${randomUUID()}`,
    telemetryEnabled: false,
    metadata: metadata('Test dApp'),
  })
  const core = new Core({ ...common, customStoragePrefix: `wallet-${randomUUID()}`, telemetryEnabled: false })
  const wallet = await WalletKit.init({
    // @ts-expect-error Core declares `relayUrl: string | undefined` where ICore has `relayUrl?: string`: the
    // same thing except under exactOptionalPropertyTypes. This flags itself once the SDK's types agree.
    core,
    metadata: metadata('Satchel test wallet'),
  })
  // The wallet waits 1 s between queued requests; nothing here needs the pause.
  Reflect.set(wallet.engine.signClient.engine, 'requestQueueDelay', 0)
  clients = { relay, dapp, wallet, account: privateKeyToAccount(generatePrivateKey()) }
})

afterEach(async () => {
  const { relay, dapp, wallet } = clients
  await Promise.all([stopCore(dapp.core), stopCore(wallet.core)])
  await relay.close()
})

/** The wallet answers every personal_sign with the account's signature, or, once `reject` is set, refuses. */
function answerSignRequests(): { count: () => number; reject: boolean } {
  const { wallet, account } = clients
  let count = 0
  const answers = { count: () => count, reject: false }
  wallet.on('session_request', async ({ id, topic, params }: WalletKitTypes.SessionRequest) => {
    count++
    const [message] = params.request.params
    if (answers.reject || !isHex(message)) {
      await wallet.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') },
      })
      return
    }
    const signature = await account.signMessage({ message: { raw: message } })
    await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })
  return answers
}

async function connectSession() {
  const { dapp, wallet, account } = clients
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [chainId], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
    },
  })
  if (!uri) throw new Error('connect() gave no URI')
  const proposal = new Promise<WalletKitTypes.SessionProposal>((resolve) =>
    wallet.once('session_proposal', resolve),
  )
  await wallet.pair({ uri })
  const { id, params } = await proposal
  const namespaces = buildApprovedNamespaces({
    proposal: params,
    supportedNamespaces: {
      eip155: {
        chains: [chainId],
        methods: ['personal_sign'],
        events: ['accountsChanged', 'chainChanged'],
        accounts: [`${chainId}:${account.address}`],
      },
    },
  })
  await wallet.approveSession({ id, namespaces })
  return approval()
}

function personalSign(topic: string, message: string): Promise<Hex> {
  const { dapp, account } = clients
  return dapp.request<Hex>({
    topic,
    chainId,
    request: { method: 'personal_sign', params: [toHex(message), account.address] },
  })
}

describe('createRelay with the real WalletConnect SDKs', () => {
  it('connects, signs, rejects and disconnects a dApp and a wallet', async ({ annotate }) => {
    const { dapp, wallet, account } = clients
    const answers = answerSignRequests()
    const started = performance.now()

    const session = await connectSession()
    expect(session.namespaces.eip155?.accounts).toEqual([`${chainId}:${account.address}`])
    expect(session.peer.metadata.name).toBe('Satchel test wallet')
    expect(wallet.getActiveSessions()[session.topic]?.peer.metadata.name).toBe('Test dApp')

    const message = 'Sign in to Satchel'
    const signature = await personalSign(session.topic, message)
    const elapsed = Math.round(performance.now() - started)
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    await annotate(`connect -> approve -> personal_sign round trip: ${elapsed} ms`)
    expect(elapsed).toBeLessThan(5000)

    answers.reject = true
    await expect(personalSign(session.topic, 'Transfer everything')).rejects.toMatchObject({
      code: 5000,
      message: 'User rejected.',
    })

    const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    expect(await deleted).toMatchObject({ topic: session.topic })
    expect(dapp.session.getAll()).toEqual([])
    expect(answers.count()).toBe(2)
  })

  it('brings back a wallet whose socket the relay dropped, with the request it missed, once', async () => {
    const { relay, wallet, account } = clients
    const requests = answerSignRequests()
    const session = await connectSession()

    const reconnected = new Promise<void>((resolve) =>
      wallet.core.relayer.once('relayer_connect', () => resolve()),
    )
    const stored = relay.stats().mailbox
    expect(relay.dropClients(await wallet.core.crypto.getClientId())).toBe(1)
    const signature = personalSign(session.topic, 'While you were away')
    // The request reaches the relay while the wallet is away (the SDK waits 100 ms before reconnecting),
    // so it can only get to the wallet from the mailbox, when the wallet re-subscribes.
    await expect.poll(() => relay.stats().mailbox, { interval: 2 }).toBeGreaterThan(stored)
    expect(relay.stats().clients).toBe(1)
    await reconnected

    expect(
      await verifyMessage({
        address: account.address,
        message: 'While you were away',
        signature: await signature,
      }),
    ).toBe(true)
    expect(requests.count()).toBe(1)
  })
})
