import type { WalletKitTypes } from '@reown/walletkit'
import { getWalletConnectError, parseWalletConnectUri } from '@satchel/core'
import type { SatchelClient } from '../../client/createSatchelClient'
import {
  type ApproveRequestReturnType,
  approveSessionRequest,
  rejectSessionRequest,
} from './approveSessionRequest'
import { buildSessionNamespaces } from './buildSessionNamespaces'
import { WalletConnectWalletError } from './errors'
import { findForeignSessions, getWalletAddresses } from './findForeignSessions'
import { initWalletKit, type WalletKitClient } from './initWalletKit'
import { readPairing } from './readPairing'
import { getProposalRejection, readProposal } from './readProposal'
import { readSession } from './readSession'
import { readSessionRequest } from './readSessionRequest'
import type {
  WalletConnectProposal,
  WalletConnectRequest,
  WalletConnectSession,
  WalletConnectWalletState,
} from './types'

export type { ApproveRequestReturnType } from './approveSessionRequest'

type Kit = WalletKitClient

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
  /** The CAIP-2 ids of the Solana clusters the user's embedded Solana wallet serves here (none unless given). */
  solanaChains?: readonly string[] | undefined
  /** Keeps this client's storage apart from other WalletConnect clients on the page. */
  customStoragePrefix?: string | undefined
  /** Where WalletKit keeps pairings and sessions; `{database: ':memory:'}` in Node tests. */
  storageOptions?: { database?: string } | undefined
  /** The pause WalletKit makes between queued requests (1000 ms by default; tests use 0). */
  requestQueueDelay?: number | undefined
  /** How long `pair` waits for the app's proposal. Default 30 s. */
  proposalTimeoutMs?: number | undefined
}

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

/**
 * The embedded wallet as a WalletConnect wallet, on `@reown/walletkit` (loaded on first use): pairs
 * from a checked `wc:` link, holds the app's proposal for the user (which chains and methods it asks
 * for and which are served here), approves it with the user's embedded Ethereum and Solana addresses or refuses
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
  const { client, chains, solanaChains } = parameters
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
    const pairings = kit ? kit.core.pairing.getPairings().map(readPairing) : []
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

  /** Sessions are the signed-in user's: another user (or none) must not inherit them. */
  async function disconnectForeignSessions() {
    if (!kit) return
    const foreign = findForeignSessions(client, Object.values(kit.getActiveSessions()).map(readSession)) ?? []
    for (const session of foreign) {
      await kit
        .disconnectSession({ topic: session.topic, reason: getWalletConnectError('USER_DISCONNECTED') })
        .catch(() => {})
    }
    if (foreign.length > 0) update()
  }

  function onProposal(event: WalletKitTypes.SessionProposal) {
    const proposal = readProposal({
      proposal: event.params,
      verifyContext: event.verifyContext,
      chains,
      solanaChains,
    })
    proposals.set(proposal.id, proposal)
    const resolve = waitingForProposal.get(proposal.pairingTopic)
    waitingForProposal.delete(proposal.pairingTopic)
    update({ pairing: waitingForProposal.size > 0 })
    resolve?.(proposal)
  }

  function onRequest(event: WalletKitTypes.SessionRequest) {
    // Seen already: WalletKit may replay a pending request that start() has read from its store.
    if (requests.some((request) => request.id === event.id)) return
    const kitInstance = requireKit()
    const session = kitInstance.getActiveSessions()[event.topic]
    const read = readSessionRequest({
      event,
      session: session ? readSession(session) : undefined,
      chains,
      solanaChains,
    })
    // A chain or method the session was not approved for is refused at once, unseen.
    if ('refusal' in read) {
      void rejectSessionRequest(kitInstance, event, read.refusal)
      return
    }
    requests.push(read.request)
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

  const refresh = () => update()

  function onProposalExpired({ id }: { id: number }) {
    proposals.delete(id)
    update()
  }

  async function load() {
    update({ status: 'starting', error: undefined })
    try {
      const instance = await initWalletKit({
        projectId: parameters.projectId,
        relayUrl: parameters.relayUrl,
        metadata: parameters.metadata,
        customStoragePrefix: parameters.customStoragePrefix ?? 'satchel-wallet',
        storageOptions: parameters.storageOptions,
        requestQueueDelay: parameters.requestQueueDelay,
      })
      instance.on('session_proposal', onProposal)
      instance.on('session_request', onRequest)
      instance.on('session_delete', onSessionGone)
      instance.on('proposal_expire', onProposalExpired)
      instance.on('session_request_expire', onRequestExpired)
      // The dApp extending or updating a session changes its expiry or chains: show it.
      instance.engine.signClient.events.on('session_update', refresh)
      instance.engine.signClient.events.on('session_extend', refresh)
      instance.engine.signClient.events.on('session_expire', onSessionGone)
      for (const event of ['pairing_create', 'pairing_expire', 'pairing_delete'])
        instance.core.pairing.events.on(event, refresh)
      for (const proposal of Object.values(instance.getPendingSessionProposals()))
        proposals.set(proposal.id, readProposal({ proposal, chains, solanaChains }))
      kit = instance
      // A request that arrived while WalletKit started, before the listeners above, waits in its store.
      for (const pending of instance.getPendingSessionRequests()) onRequest(pending)
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
    const namespaces = buildSessionNamespaces({
      proposal,
      addresses: getWalletAddresses(client, 'ethereum'),
      solanaAddresses: getWalletAddresses(client, 'solana'),
    })
    // Served chains, but no wallet of their kind yet (an app asking for Solana only, of someone whose
    // Solana wallet is still being made): nothing to share.
    if (!namespaces.eip155 && !namespaces.solana)
      throw proposal.chains.some((chain) => chain.supported && chain.caip2.startsWith('eip155:'))
        ? new WalletConnectWalletError(
            'no_ethereum_wallet',
            'Create an Ethereum wallet before connecting apps',
          )
        : new WalletConnectWalletError(
            'no_solana_wallet',
            'Create a Solana wallet before connecting this app',
          )
    const session = await requireKit().approveSession({ id, namespaces })
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
    answerCurrent(async (request, kitInstance) => {
      const answer = await approveSessionRequest(client, kitInstance, request)
      done(request)
      return answer
    })

  const rejectRequest = () =>
    answerCurrent(async (request, kitInstance) => {
      await rejectSessionRequest(kitInstance, request)
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
      instance.core.pairing.events.off(event, refresh)
    instance.engine.signClient.events.off('session_update', refresh)
    instance.engine.signClient.events.off('session_extend', refresh)
    instance.engine.signClient.events.off('session_expire', onSessionGone)
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
