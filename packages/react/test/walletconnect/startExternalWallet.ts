import { randomUUID } from 'node:crypto'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import type { ICore } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { type Address, createWalletClient, defineChain, type Hex, http, isHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'

// The SDK's own test switch: WalletKit skips its start-up post to a public telemetry host.
process.env.IS_VITEST = 'true'

export type ExternalWallet = {
  /** The wallet's account (a viem private-key account). */
  address: Address
  kit: Awaited<ReturnType<typeof WalletKit.init>>
  /** Pairs with a `wc:` URI and approves the proposal; resolves with the session topic. */
  approve(uri: string): Promise<string>
  /** Pairs with a `wc:` URI and declines the proposal (the person said no). */
  reject(uri: string): Promise<void>
  /** Ends a session from the wallet's side. */
  disconnect(topic: string): Promise<void>
  /** Every request the wallet was asked, by method. */
  requests: string[]
  /** While true, the wallet declines every request with WalletConnect's `User rejected.` (5000). */
  rejectRequests: boolean
  close(): Promise<void>
}

export type StartExternalWalletParameters = {
  relayUrl: string
  /** The chain the wallet serves, and where it sends transactions. */
  chainId: number
  rpcUrl: string
  /** Funded by the caller when it should send. Default: a new random key. */
  privateKey?: Hex | undefined
}

async function stopCore(core: ICore) {
  await core.relayer.transportClose().catch(() => {})
  // The 5 s heartbeat would keep the test process alive.
  core.heartbeat.stop()
}

/**
 * A real `@reown/walletkit` 1.6.0 wallet in this process, holding a viem private-key account, that
 * answers `personal_sign`, `eth_signTypedData_v4` and `eth_sendTransaction` (sent to the chain with
 * viem) the way a phone wallet would after the person taps Approve. For tests of the dApp role.
 *
 * @example
 * const wallet = await startExternalWallet({ relayUrl: relay.url, chainId: 31337, rpcUrl })
 * await wallet.approve(uri)
 */
export async function startExternalWallet({
  relayUrl,
  chainId,
  rpcUrl,
  privateKey = generatePrivateKey(),
}: StartExternalWalletParameters): Promise<ExternalWallet> {
  const account = privateKeyToAccount(privateKey)
  const chain = defineChain({ ...anvil, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } })
  const sender = createWalletClient({ account, chain, transport: http(rpcUrl) })
  const caip2 = `eip155:${chainId}`
  const core = new Core({
    projectId: 'test',
    relayUrl,
    // Its own prefix: Core is a process-wide singleton per prefix, and a shared one would hang.
    customStoragePrefix: `external-wallet-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
  })
  const kit = await WalletKit.init({
    // @ts-expect-error Core declares `relayUrl: string | undefined` where ICore has `relayUrl?: string`:
    // the same thing except under exactOptionalPropertyTypes.
    core,
    metadata: {
      name: 'External test wallet',
      description: 'A WalletKit wallet',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  // The wallet waits 1 s between queued requests; nothing here needs the pause.
  Reflect.set(kit.engine.signClient.engine, 'requestQueueDelay', 0)

  const wallet: ExternalWallet = {
    address: account.address,
    kit,
    requests: [],
    rejectRequests: false,
    async approve(uri) {
      const proposal = new Promise<WalletKitTypes.SessionProposal>((resolve) =>
        kit.once('session_proposal', resolve),
      )
      await kit.pair({ uri })
      const { id, params } = await proposal
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: {
          eip155: {
            chains: [caip2],
            methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'],
            events: ['accountsChanged', 'chainChanged'],
            accounts: [`${caip2}:${account.address}`],
          },
        },
      })
      const session = await kit.approveSession({ id, namespaces })
      return session.topic
    },
    async reject(uri) {
      const proposal = new Promise<WalletKitTypes.SessionProposal>((resolve) =>
        kit.once('session_proposal', resolve),
      )
      await kit.pair({ uri })
      const { id } = await proposal
      await kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
    },
    async disconnect(topic) {
      await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
    },
    close: () => stopCore(kit.core),
  }

  kit.on('session_request', async ({ id, topic, params }: WalletKitTypes.SessionRequest) => {
    const { method, params: requestParams } = params.request
    wallet.requests.push(method)
    const answer = async (): Promise<Hex> => {
      const list: unknown[] = Array.isArray(requestParams) ? requestParams : []
      // Strict EIP-1193 / ERC-191, as some phone wallets are: the message is 0x-hex bytes, never text.
      if (method === 'personal_sign' && typeof list[0] === 'string') {
        if (!isHex(list[0])) throw new Error('personal_sign expects the message as 0x-hex bytes')
        return account.signMessage({ message: { raw: list[0] } })
      }
      if (method === 'eth_signTypedData_v4' && typeof list[1] === 'string')
        return account.signTypedData(JSON.parse(list[1]))
      const transaction = list[0]
      if (method === 'eth_sendTransaction' && typeof transaction === 'object' && transaction !== null) {
        const to: unknown = Reflect.get(transaction, 'to')
        const value: unknown = Reflect.get(transaction, 'value')
        const data: unknown = Reflect.get(transaction, 'data')
        if (typeof to !== 'string' || !isHex(to)) throw new Error('to must be an address')
        return sender.sendTransaction({
          to,
          ...(typeof value === 'string' && isHex(value) && { value: BigInt(value) }),
          ...(typeof data === 'string' && isHex(data) && { data }),
        })
      }
      throw new Error(`Unsupported ${method}`)
    }
    if (wallet.rejectRequests) {
      await kit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') },
      })
      return
    }
    try {
      const result = await answer()
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      await kit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: -32602, message: String(error) } },
      })
    }
  })
  return wallet
}
