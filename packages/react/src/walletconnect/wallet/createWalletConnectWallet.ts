import type { WalletKitTypes } from '@reown/walletkit'
import {
  ApiError,
  getWalletConnectError,
  NetworkError,
  parseWalletConnectUri,
  UnauthorizedError,
} from '@satchel/core'
import type { SatchelClient } from '../../client/createSatchelClient'
import { NotAuthenticatedError } from '../../errors/errors'
import { toProviderRpcError } from '../../ethereum/toProviderRpcError'
import { answerSessionRequest } from './answerSessionRequest'
import { buildSessionNamespaces } from './buildSessionNamespaces'
import { describeSessionRequest } from './describeSessionRequest'
import { WalletConnectWalletError } from './errors'
import { getProposalRejection, readProposal } from './readProposal'
import { readSession } from './readSession'
import { isSupportedMethod } from './supportedMethods'
import type {
  WalletConnectPairing,
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
  WalletConnectWalletState,
} from './types'

type Kit = Awaited<ReturnType<typeof import('@reown/walletkit')['WalletKit']['init']>>

export type CreateWalletConnectWalletParameters = {
  client: SatchelClient
  /** The WalletConnect project id (any string on a loopback relay). */
  projectId: string
  /** `wss://relay.walletconnect.org` in production, the devnet's `ws://127.0.0.1:8790` locally. */
  relayUrl: string
  /** How this wallet introduces itself to apps. */
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** The EVM chain ids the user's embedded wallets serve here (the app's enabled chains). */
  chains: readonly number[]
  /** Keeps this client's storage apart from other WalletConnect clients on the page. */
  customStoragePrefix?: string | undefined
  /** Where WalletKit keeps pairings and sessions; `{database: ':memory:'}` in Node tests. */
  storageOptions?: { database?: string } | undefined
  /** The pause WalletKit makes between queued requests (1000 ms by default; tests use 0). */
  requestQueueDelay?: number | undefined
  /** How long `pair` waits for the app's proposal. Default 30 s. */
  proposalTimeoutMs?: number | undefined
}

/** How an approved request ended: answered with a result, or answered with an error the app now has. */
export type ApproveRequestReturnType =
  | { outcome: 'approved'; result: unknown }
  | { outcome: 'failed'; error: Error }

export type WalletConnectWallet = {
  getState(): WalletConnectWalletState
  subscribe(listener: () => void): () => void
  /** Loads WalletKit and connects to the relay (once); restores stored sessions. */
  start(): Promise<void>
  /** Checks the link, pairs, and resolves once the app's proposal is in `proposals`. */
  pair(uri: string): Promise<WalletConnectProposal>
  approveSession(id: number): Promise<WalletConnectSession>
  /** Declines a proposal: user rejected (5000), or the standard unsupported error it carries. */
  rejectSession(id: number): Promise<void>
  disconnectSession(topic: string): Promise<void>
  /** Does what the current request asks, signed by the embedded wallet through the server. */
  approveRequest(): Promise<ApproveRequestReturnType>
  /** Declines the current request: the app gets user rejected (5000). */
  rejectRequest(): Promise<void>
  /** Stops the relay connection and the heartbeat (tests, or a page being left for good). */
  destroy(): Promise<void>
}

// Failures the user can fix and retry (a second factor, a dropped network, signing in again): the
// request stays in front of them instead of being answered with an error.
const retryableCodes = new Set([
  'missing_or_invalid_mfa',
  'too_many_requests',
  'must_be_authenticated',
  'missing_or_invalid_token',
  'invalid_authorization_signature',
  'request_expired',
  'client_request_timeout',
])
const isRetryable = (error: unknown) =>
  error instanceof NetworkError ||
  error instanceof NotAuthenticatedError ||
  (error instanceof ApiError && retryableCodes.has(error.code))

const chainIdOf = (caip2: string) => {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  return match ? Number(match[1]) : undefined
}

/**
 * The embedded wallet as a WalletConnect wallet, on `@reown/walletkit` (loaded on first use): pairs
 * from a checked `wc:` link, holds the app's proposal for the user (which chains and methods it asks
 * for and which are served here), approves it with the user's embedded Ethereum addresses or refuses
 * it with the standard error, lists and disconnects sessions, and answers the apps' requests one at a
 * time through the SDK's signing actions. Expiry and disconnects from the other side show at once.
 *
 * @example
 * const wallet = createWalletConnectWallet({ client, projectId, relayUrl, metadata, chains: [1, 8453] })
 * const proposal = await wallet.pair(pastedUri)
 * await wallet.approveSession(proposal.id)
 */
export function createWalletConnectWallet(
  parameters: CreateWalletConnectWalletParameters,
): WalletConnectWallet {
  const { client, chains } = parameters
  const listeners = new Set<() => void>()
  const proposals = new Map<number, WalletConnectProposal>()
  const requests: WalletConnectRequest[] = []
  const waitingForProposal = new Map<string, (proposal: WalletConnectProposal) => void>()
  let kit: Kit | undefined
  let started: Promise<void> | undefined
  let busy = false
  let unsubscribeClient: (() => void) | undefined
  let state: WalletConnectWalletState = {
    status: 'idle',
    error: undefined,
    pairing: false,
    pairings: [],
    proposals: [],
    sessions: [],
    queue: { state: 'idle', current: undefined, waiting: 0 },
  }

  function update(patch: Partial<WalletConnectWalletState> = {}) {
    const sessions = kit ? Object.values(kit.getActiveSessions()).map(readSession) : []
    const now = Date.now()
    for (const [id, proposal] of proposals) if (proposal.expiresAt <= now) proposals.delete(id)
    const pairings = kit
      ? kit.core.pairing.getPairings().map(
          (pairing): WalletConnectPairing => ({
            topic: pairing.topic,
            state: pairing.active ? 'active' : 'inactive',
            expiresAt: pairing.expiry * 1000,
            appName: pairing.peerMetadata?.name,
          }),
        )
      : []
    state = {
      ...state,
      ...patch,
      pairings,
      proposals: [...proposals.values()],
      sessions: sessions.sort((a, b) => a.app.name.localeCompare(b.app.name)),
      queue: {
        state: requests.length > 0 ? 'active' : 'idle',
        current: requests[0],
        waiting: Math.max(0, requests.length - 1),
      },
    }
    for (const listener of [...listeners]) listener()
  }

  const requireKit = (): Kit => {
    if (!kit) throw new WalletConnectWalletError('not_started', 'WalletConnect is still starting')
    return kit
  }

  const ethereumAddresses = (): string[] => {
    const current = client.getState()
    if (current.status !== 'authenticated') return []
    return current.wallets.wallets
      .filter((wallet) => wallet.chainType === 'ethereum')
      .map((wallet) => wallet.address)
  }

  /** Sessions are the signed-in user's: another user (or none) must not inherit them. */
  async function disconnectForeignSessions() {
    const current = client.getState()
    // Judged only once the wallets are known: not while loading, nor while a first wallet is created.
    const known =
      current.status === 'unauthenticated' ||
      (current.status === 'authenticated' &&
        (current.wallets.status === 'ready' || current.wallets.status === 'none'))
    if (!kit || !known) return
    const own = new Set(ethereumAddresses().map((address) => address.toLowerCase()))
    const foreign = Object.values(kit.getActiveSessions())
      .map(readSession)
      .filter((session) =>
        session.accounts.some((account) => !own.has((account.split(':')[2] ?? '').toLowerCase())),
      )
    for (const session of foreign) {
      await kit
        .disconnectSession({ topic: session.topic, reason: getWalletConnectError('USER_DISCONNECTED') })
        .catch(() => {})
    }
    if (foreign.length > 0) update()
  }

  async function refuseRequest(
    kitInstance: Kit,
    topic: string,
    id: number,
    error: { code: number; message: string },
  ) {
    await kitInstance.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error } })
  }

  function onProposal(event: WalletKitTypes.SessionProposal) {
    const proposal = readProposal({ proposal: event.params, verifyContext: event.verifyContext, chains })
    proposals.set(proposal.id, proposal)
    const resolve = waitingForProposal.get(proposal.pairingTopic)
    waitingForProposal.delete(proposal.pairingTopic)
    update({ pairing: waitingForProposal.size > 0 })
    resolve?.(proposal)
  }

  function onRequest(event: WalletKitTypes.SessionRequest) {
    const kitInstance = requireKit()
    const { id, topic, params } = event
    const session = kitInstance.getActiveSessions()[topic]
    const read = session ? readSession(session) : undefined
    const { method } = params.request
    const chainId = chainIdOf(params.chainId)
    // Checked before the user sees anything: a chain or method this session was not approved for is
    // refused at once with the standard error.
    if (
      !read ||
      chainId === undefined ||
      !chains.includes(chainId) ||
      !read.chains.includes(params.chainId)
    ) {
      void refuseRequest(kitInstance, topic, id, getWalletConnectError('UNSUPPORTED_CHAINS', params.chainId))
      return
    }
    if (!isSupportedMethod(method) || !read.methods.includes(method)) {
      void refuseRequest(kitInstance, topic, id, getWalletConnectError('UNSUPPORTED_METHODS', method))
      return
    }
    requests.push({
      id,
      topic,
      app: read.app,
      method,
      caip2: params.chainId,
      chainId,
      params: params.request.params,
      summary: describeSessionRequest({ method, params: params.request.params, chainId }),
    })
    update()
  }

  function onSessionGone({ topic }: { topic: string }) {
    for (let index = requests.length - 1; index >= 0; index--)
      if (requests[index]?.topic === topic) requests.splice(index, 1)
    update()
  }

  function onRequestExpired({ id }: { id: number }) {
    const index = requests.findIndex((request) => request.id === id)
    if (index >= 0) requests.splice(index, 1)
    update()
  }

  const onPairingChange = () => update()

  function onProposalExpired({ id }: { id: number }) {
    proposals.delete(id)
    update()
  }

  async function load() {
    update({ status: 'starting', error: undefined })
    try {
      const [{ Core }, { WalletKit }] = await Promise.all([
        import('@walletconnect/core'),
        import('@reown/walletkit'),
      ])
      const core = new Core({
        projectId: parameters.projectId,
        relayUrl: parameters.relayUrl,
        customStoragePrefix: parameters.customStoragePrefix ?? 'satchel-wallet',
        telemetryEnabled: false,
        ...(parameters.storageOptions ? { storageOptions: parameters.storageOptions } : {}),
      })
      const instance = await WalletKit.init({
        // @ts-expect-error Core declares `relayUrl: string | undefined` where ICore has `relayUrl?: string`:
        // the same thing but for exactOptionalPropertyTypes. This flags itself once the SDK's types agree.
        core,
        metadata: parameters.metadata,
      })
      if (parameters.requestQueueDelay !== undefined)
        Reflect.set(instance.engine.signClient.engine, 'requestQueueDelay', parameters.requestQueueDelay)
      instance.on('session_proposal', onProposal)
      instance.on('session_request', onRequest)
      instance.on('session_delete', onSessionGone)
      instance.on('proposal_expire', onProposalExpired)
      instance.on('session_request_expire', onRequestExpired)
      // The dApp extending or updating a session changes its expiry or chains: show it.
      instance.engine.signClient.events.on('session_update', () => update())
      instance.engine.signClient.events.on('session_extend', () => update())
      instance.engine.signClient.events.on('session_expire', onSessionGone)
      for (const event of ['pairing_create', 'pairing_expire', 'pairing_delete'])
        instance.core.pairing.events.on(event, onPairingChange)
      for (const proposal of Object.values(instance.getPendingSessionProposals()))
        proposals.set(proposal.id, readProposal({ proposal, chains }))
      kit = instance
      unsubscribeClient = client.subscribe(() => void disconnectForeignSessions())
      await disconnectForeignSessions()
      update({ status: 'ready' })
    } catch (error) {
      started = undefined
      update({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) })
      throw error
    }
  }

  const start = () => {
    started ??= load()
    return started
  }

  async function pair(uri: string): Promise<WalletConnectProposal> {
    // Checked first, so a mistyped or stale link gets a sentence, not a relay round trip.
    const { topic } = parseWalletConnectUri(uri)
    const timeoutMs = parameters.proposalTimeoutMs ?? 30_000
    let timer: ReturnType<typeof setTimeout> | undefined
    const proposal = new Promise<WalletConnectProposal>((resolve, reject) => {
      waitingForProposal.set(topic, resolve)
      timer = setTimeout(
        () =>
          reject(
            new WalletConnectWalletError(
              'proposal_timeout',
              'The app did not send its connection request: ask it for a new link',
            ),
          ),
        timeoutMs,
      )
    })
    update({ pairing: true })
    try {
      await start()
      await requireKit().pair({ uri: uri.trim() })
      return await proposal
    } finally {
      clearTimeout(timer)
      waitingForProposal.delete(topic)
      update({ pairing: waitingForProposal.size > 0 })
    }
  }

  function takeProposal(id: number): WalletConnectProposal {
    const proposal = proposals.get(id)
    if (!proposal)
      throw new WalletConnectWalletError('proposal_not_found', 'This connection request is no longer waiting')
    return proposal
  }

  async function approveSession(id: number): Promise<WalletConnectSession> {
    const proposal = takeProposal(id)
    if (proposal.refusal) throw new WalletConnectWalletError('proposal_refused', proposal.refusal.message)
    const addresses = ethereumAddresses()
    if (addresses.length === 0)
      throw new WalletConnectWalletError(
        'no_ethereum_wallet',
        'Create an Ethereum wallet before connecting apps',
      )
    const session = await requireKit().approveSession({
      id,
      namespaces: buildSessionNamespaces({ proposal, addresses }),
    })
    proposals.delete(id)
    update()
    return readSession(session)
  }

  async function rejectSession(id: number) {
    const proposal = takeProposal(id)
    await requireKit().rejectSession({ id, reason: getProposalRejection(proposal) })
    proposals.delete(id)
    update()
  }

  async function disconnectSession(topic: string) {
    await requireKit().disconnectSession({ topic, reason: getWalletConnectError('USER_DISCONNECTED') })
    onSessionGone({ topic })
  }

  async function answerCurrent<result>(
    answer: (request: WalletConnectRequest, kitInstance: Kit) => Promise<result>,
  ) {
    const request = requests[0]
    if (!request) throw new WalletConnectWalletError('no_request', 'There is no request waiting')
    if (busy) throw new WalletConnectWalletError('busy', 'The current request is already being answered')
    busy = true
    try {
      return await answer(request, requireKit())
    } finally {
      busy = false
    }
  }

  const done = (request: WalletConnectRequest) => {
    const index = requests.indexOf(request)
    if (index >= 0) requests.splice(index, 1)
    update()
  }

  const approveRequest = () =>
    answerCurrent(async (request, kitInstance): Promise<ApproveRequestReturnType> => {
      const session = readSession(kitInstance.getActiveSessions()[request.topic])
      const addresses = session.accounts
        .filter((account) => account.startsWith(`${request.caip2}:`))
        .map((account) => account.slice(request.caip2.length + 1))
      let result: unknown
      try {
        if (request.chainId === undefined) throw new UnauthorizedError()
        result = await answerSessionRequest(client, {
          method: request.method,
          params: request.params,
          chainId: request.chainId,
          addresses,
          idempotencyKey: `walletconnect:${request.topic}:${request.id}`,
        })
      } catch (error) {
        if (isRetryable(error)) throw error
        // Anything else is final for this request: the app hears it as an EIP-1193 error.
        const rpcError = toProviderRpcError(error)
        await refuseRequest(kitInstance, request.topic, request.id, rpcError.toJSON())
        done(request)
        return { outcome: 'failed', error: error instanceof Error ? error : rpcError }
      }
      await kitInstance.respondSessionRequest({
        topic: request.topic,
        response: { id: request.id, jsonrpc: '2.0', result },
      })
      done(request)
      return { outcome: 'approved', result }
    })

  const rejectRequest = () =>
    answerCurrent(async (request, kitInstance) => {
      await refuseRequest(kitInstance, request.topic, request.id, getWalletConnectError('USER_REJECTED'))
      done(request)
    })

  async function destroy() {
    unsubscribeClient?.()
    unsubscribeClient = undefined
    const instance = kit
    kit = undefined
    started = undefined
    if (!instance) return
    instance.off('session_proposal', onProposal)
    instance.off('session_request', onRequest)
    instance.off('session_delete', onSessionGone)
    instance.off('proposal_expire', onProposalExpired)
    instance.off('session_request_expire', onRequestExpired)
    for (const event of ['pairing_create', 'pairing_expire', 'pairing_delete'])
      instance.core.pairing.events.off(event, onPairingChange)
    await instance.core.relayer.transportClose().catch(() => {})
    // The 5 s heartbeat would otherwise keep a Node process (a test) alive.
    instance.core.heartbeat.stop()
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start,
    pair,
    approveSession,
    rejectSession,
    disconnectSession,
    approveRequest,
    rejectRequest,
    destroy,
  }
}
