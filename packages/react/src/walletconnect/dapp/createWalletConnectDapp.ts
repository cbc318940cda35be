import {
  DisconnectedError,
  getWalletConnectError,
  ProviderRpcError,
  parseWalletConnectUri,
  UnauthorizedError,
  UserRejectedRequestError,
  WALLETCONNECT_CONNECT_TIMEOUT_MS,
  WALLETCONNECT_PAIRING_EXPIRY_SECONDS,
} from '@satchel/core'
import type { SignClientTypes } from '@walletconnect/types'
import type { Eip1193Provider, Hex } from '../../ethereum/eip1193Methods'
import { buildDappNamespaces } from './buildDappNamespaces'
import { createSessionHint } from './createSessionHint'
import { createSessionProvider } from './createSessionProvider'
import { pickStoredSession } from './pickStoredSession'
import { reachRelay } from './reachRelay'
import { readWalletConnectSession, type WalletConnectSession } from './readWalletConnectSession'
import { toWalletConnectRpcError } from './toWalletConnectRpcError'
import { type DappClient, watchDappEvents } from './watchDappEvents'

export type CreateWalletConnectDappParameters = {
  /** The operator's WalletConnect project id (any string on the loopback relay). */
  projectId: string
  /** The relay: `wss://relay.walletconnect.org` by default; the devnet's `ws://127.0.0.1:PORT` in tests. */
  relayUrl?: string | undefined
  /** The EVM chains the app works on; the first is the one requests go to unless the wallet moves. */
  chains: readonly number[]
  /** What the wallet shows about the app. Default: the page's title and origin. */
  metadata?: SignClientTypes.Metadata | undefined
  /** Keeps this client's WalletConnect state apart from another's in the same page or process. */
  storagePrefix?: string | undefined
  /**
   * `memory` forgets sessions when the page closes (tests, and apps that want that). Default: the
   * browser's IndexedDB (the WalletConnect client's own storage), taken up again by `restore()`.
   */
  storage?: 'memory' | 'default' | undefined
}

/** The pairing's life, as the spec words it: inactive, then active on approval, deleted on expiry or disconnect. */
export type WalletConnectPairingState = 'inactive' | 'active' | 'deleted'

export type WalletConnectDappState =
  | { status: 'idle' }
  /** Loading the WalletConnect client and reaching the relay. */
  | { status: 'connecting' }
  /** The `wc:` URI is ready to show (QR, copy, deep link) until `expiresAt` (ms since the epoch). */
  | { status: 'waiting'; uri: string; pairing: 'inactive'; expiresAt: number }
  | { status: 'connected'; pairing: 'active'; session: WalletConnectSession }
  | { status: 'disconnected'; pairing: 'deleted'; by: 'app' | 'wallet' }
  | { status: 'expired'; pairing: 'deleted'; what: 'pairing' | 'session' }
  | { status: 'error'; pairing: WalletConnectPairingState | undefined; error: Error }

export type WalletConnectDapp = {
  getState(): WalletConnectDappState
  /** Calls `listener` after every state change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /**
   * Makes a pairing URI (the state becomes `waiting` with it) and resolves once a wallet approves.
   * Rejects with UserRejectedRequestError (4001) when the wallet declines, DisconnectedError (4900)
   * when the relay cannot be reached (5 attempts of 15 s), or an error saying the URI expired.
   */
  connect(): Promise<WalletConnectSession>
  /** Ends the session (or the unanswered pairing); the wallet hears it at once. */
  disconnect(): Promise<void>
  /** Pushes the session's end 7 days from now, once the wallet acknowledges. */
  extend(): Promise<WalletConnectSession>
  /** The connected wallet as an EIP-1193 provider (4900 while none is connected). */
  provider: Eip1193Provider
  /**
   * Takes up where the last page load left off: when this app had a session (a note in localStorage
   * says so; otherwise the WalletConnect client does not even load), the most recent unexpired
   * session the client kept becomes `connected` and the provider signs with it again. After
   * `destroy()` it reopens the relay. Resolves with the session, or undefined when there is none.
   */
  restore(): Promise<WalletConnectSession | undefined>
  /**
   * Closes the relay socket and stops the SDK's timers (an unanswered code is withdrawn). The
   * session stays in storage; the next `restore()`, `connect()` or request reopens the relay.
   */
  destroy(): Promise<void>
}

function withTimeout<value>(
  promise: Promise<value>,
  ms: number,
  relayUrl: string | undefined,
): Promise<value> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DisconnectedError({
            message: 'The WalletConnect relay could not be reached',
            details: `No answer from ${relayUrl ?? 'the WalletConnect relay'} in ${ms / 1000} s. Check the connection and try again.`,
          }),
        ),
      ms,
    )
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const expiredError = (cause?: unknown) =>
  new DisconnectedError({ message: 'The connection code expired', details: 'Show a new code.', cause })

const isProposalExpiry = (error: unknown) =>
  typeof error === 'object' && error !== null && Reflect.get(error, 'message') === 'Proposal expired'

/**
 * The dApp role of WalletConnect v2: links an external wallet (a phone wallet scanning a QR code, or a
 * deep link) and asks it for `personal_sign`, `eth_signTypedData_v4` and `eth_sendTransaction`.
 * `@walletconnect/sign-client` loads on the first `connect()`, or on `restore()` when the app had a
 * session before the page loaded, never with the page otherwise. Disconnects on either side and
 * expiry (pairings after 5 minutes unanswered, sessions after 7 days unless extended) show in the
 * state at once and end the provider with `disconnect`. `destroy()` lets go of the relay and timers.
 *
 * @example
 * const dapp = createWalletConnectDapp({ projectId, chains: [1, 8453] })
 * dapp.subscribe(() => { const s = dapp.getState(); if (s.status === 'waiting') showQr(s.uri) })
 * const session = (await dapp.restore()) ?? (await dapp.connect())
 * await loginWithWallet(client, { provider: dapp.provider, walletClientType: 'walletconnect', connectorType: 'wallet_connect' })
 * await dapp.destroy() // the page is done with it: socket closed, timers stopped, session kept
 */
export function createWalletConnectDapp(parameters: CreateWalletConnectDappParameters): WalletConnectDapp {
  const { projectId, relayUrl, chains, storagePrefix, storage = 'default' } = parameters
  // Sessions kept in memory cannot outlive the page: nothing to note for the next one.
  const hint = storage === 'memory' ? undefined : createSessionHint(storagePrefix ?? 'satchel')
  const listeners = new Set<() => void>()
  let state: WalletConnectDappState = { status: 'idle' }
  let clientPromise: Promise<DappClient> | undefined
  let session: WalletConnectSession | undefined
  let pairingTopic: string | undefined
  let pending: Promise<WalletConnectSession> | undefined
  // Ends the wait for approval early: the pairing expired or was deleted, or the app gave up.
  let stopWaiting: ((error: Error) => void) | undefined
  // Stops the attempts to reach the relay when the app gives up.
  let abortConnecting: AbortController | undefined
  let generation = 0
  // destroy() ran: the socket is closed and the heartbeat stopped until the next use.
  let suspended = false
  // destroy() and the reopening after it run one after the other, never interleaved.
  let lifecycle: Promise<void> = Promise.resolve()
  let restoring: Promise<WalletConnectSession | undefined> | undefined

  const setState = (next: WalletConnectDappState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }
  const control = createSessionProvider({
    getSession: () => session,
    send: async ({ topic, chainId, method, params }) => {
      const client = await ready()
      return client.request({ topic, chainId, request: { method, params } })
    },
  })

  // The pairing goes with the session: nothing is left for a stale wallet to reuse.
  const deletePairing = async (client: DappClient, topic: string) => {
    if (client.core.pairing.pairings.keys.includes(topic))
      await client.core.pairing.disconnect({ topic }).catch(() => {})
  }
  const adopt = (next: WalletConnectSession) => {
    session = next
    pairingTopic = next.pairingTopic
    hint?.write(true)
    setState({ status: 'connected', pairing: 'active', session: next })
    const chain = control.getChainId()
    if (chain !== undefined) control.emit('connect', { chainId: `0x${chain.toString(16)}` })
    control.emit('accountsChanged', next.accounts)
  }
  const endSession = (client: DappClient, next: WalletConnectDappState) => {
    const had = session !== undefined
    session = undefined
    hint?.write(false)
    setState(next)
    if (had) {
      control.emit('accountsChanged', [])
      control.emit('disconnect', new DisconnectedError({ details: 'The WalletConnect session ended.' }))
    }
    const topic = pairingTopic
    pairingTopic = undefined
    if (topic) void deletePairing(client, topic)
  }

  function getClient(): Promise<DappClient> {
    if (clientPromise) return clientPromise
    const started = (async () => {
      const { SignClient } = await import('@walletconnect/sign-client')
      const origin = globalThis.location?.origin ?? 'http://localhost'
      const client = await SignClient.init({
        projectId,
        ...(relayUrl !== undefined && { relayUrl }),
        ...(storagePrefix !== undefined && { customStoragePrefix: storagePrefix }),
        ...(storage === 'memory' && { storageOptions: { database: ':memory:' } }),
        // Nothing about the person's sessions goes to WalletConnect's analytics.
        telemetryEnabled: false,
        metadata: parameters.metadata ?? {
          name: globalThis.document?.title || origin,
          description: '',
          url: origin,
          icons: [],
        },
      })
      watchDappEvents(client, {
        sessionEnded(topic, how) {
          if (session?.topic !== topic) return
          // The SDK deletes an expired session (with session_delete) before it says session_expire.
          const expired = how === 'expired' || session.expiresAt <= Date.now()
          endSession(
            client,
            expired
              ? { status: 'expired', pairing: 'deleted', what: 'session' }
              : { status: 'disconnected', pairing: 'deleted', by: 'wallet' },
          )
        },
        sessionChanged(topic) {
          if (session?.topic !== topic || !client.session.keys.includes(topic)) return
          const before = session
          session = readWalletConnectSession(client.session.get(topic), chains)
          setState({ status: 'connected', pairing: 'active', session })
          if (session.accounts.join() !== before.accounts.join())
            control.emit('accountsChanged', session.accounts)
        },
        chainChanged(topic, chainId) {
          if (session?.topic !== topic || !session.chains.includes(chainId)) return
          control.setChainId(chainId)
          control.emit('chainChanged', `0x${chainId.toString(16)}` satisfies Hex)
        },
        pairingEnded(topic, how) {
          if (topic !== pairingTopic) return
          pairingTopic = undefined
          if (state.status !== 'waiting') return
          if (how === 'expired') {
            setState({ status: 'expired', pairing: 'deleted', what: 'pairing' })
            stopWaiting?.(expiredError())
          } else {
            setState({ status: 'disconnected', pairing: 'deleted', by: 'wallet' })
            stopWaiting?.(new DisconnectedError({ message: 'The wallet ended the connection' }))
          }
        },
      })
      return client
    })()
    clientPromise = started
    // A failed start can be retried by the next connect().
    started.catch(() => {
      if (clientPromise === started) clientPromise = undefined
    })
    return started
  }

  /** The client, its relay socket and heartbeat running again if destroy() had stopped them. */
  async function ready(): Promise<DappClient> {
    await lifecycle
    const client = await getClient()
    if (suspended) {
      suspended = false
      await client.core.heartbeat.init()
      // Reconnects and resubscribes the kept topics, as after a network drop (none kept: no socket yet).
      client.core.relayer.transportOpen().catch(() => {})
    }
    return client
  }

  /** Gives up an unanswered pairing (or the wait for the relay) at once. */
  async function cancelConnecting() {
    // So a connect() right after starts afresh (React's StrictMode does exactly that).
    generation++
    pending = undefined
    const topic = pairingTopic
    pairingTopic = undefined
    setState({ status: 'disconnected', pairing: 'deleted', by: 'app' })
    const cancelled = new DisconnectedError({ message: 'The connection was cancelled' })
    stopWaiting?.(cancelled)
    abortConnecting?.abort(cancelled)
    const client = await clientPromise?.catch(() => undefined)
    if (client && topic) await deletePairing(client, topic)
  }

  async function startConnection(): Promise<WalletConnectSession> {
    // Each attempt has a number; an attempt the app gave up on (disconnect) stops touching the state.
    const mine = ++generation
    const cancelled = () => new DisconnectedError({ message: 'The connection was cancelled' })
    let stop: ((error: Error) => void) | undefined
    let client: DappClient | undefined
    let topic: string | undefined
    const abort = new AbortController()
    abortConnecting = abort
    setState({ status: 'connecting' })
    try {
      client = await withTimeout(ready(), WALLETCONNECT_CONNECT_TIMEOUT_MS, relayUrl)
      if (mine !== generation) throw cancelled()
      // Left to itself the SDK retries an unreachable relay without end (5 more attempts for every
      // request that finds no socket): the spec's 5 attempts are made first, and only then the SDK's.
      if (!client.core.relayer.connected) {
        const { crypto } = client.core
        await reachRelay({
          relayUrl: client.core.relayUrl ?? relayUrl,
          projectId,
          signJwt: (audience) => crypto.signJWT(audience),
          signal: abort.signal,
        })
      }
      if (mine !== generation) throw cancelled()
      const { uri, approval } = await withTimeout(
        client.connect({ optionalNamespaces: buildDappNamespaces(chains) }),
        WALLETCONNECT_CONNECT_TIMEOUT_MS,
        relayUrl,
      )
      if (!uri) throw new DisconnectedError({ details: 'The WalletConnect client made no pairing URI.' })
      const parsed = parseWalletConnectUri(uri)
      topic = parsed.topic
      if (mine !== generation) throw cancelled()
      pairingTopic = topic
      const expiresAt =
        parsed.expiryTimestamp !== undefined
          ? parsed.expiryTimestamp * 1000
          : Date.now() + WALLETCONNECT_PAIRING_EXPIRY_SECONDS * 1000
      const approving = approval()
      // It may still settle (a 5-minute expiry) after the wait was stopped; nobody listens then.
      approving.catch(() => {})
      const stopped = new Promise<never>((_, reject) => {
        stop = reject
      })
      stopWaiting = stop
      setState({ status: 'waiting', uri, pairing: 'inactive', expiresAt })
      const approved = readWalletConnectSession(await Promise.race([approving, stopped]), chains)
      if (mine !== generation) {
        await client.disconnect({ topic: approved.topic, reason: getWalletConnectError('USER_DISCONNECTED') })
        throw cancelled()
      }
      if (approved.accounts.length === 0 || approved.chains.length === 0) {
        await client.disconnect({
          topic: approved.topic,
          reason: getWalletConnectError('UNSUPPORTED_ACCOUNTS'),
        })
        throw new UnauthorizedError({ message: 'The wallet shared no Ethereum account on these chains' })
      }
      adopt(approved)
      return approved
    } catch (failure) {
      const current = mine === generation
      if (current && pairingTopic === topic) pairingTopic = undefined
      if (client && topic) await deletePairing(client, topic)
      if (isProposalExpiry(failure)) {
        if (current && state.status === 'waiting')
          setState({ status: 'expired', pairing: 'deleted', what: 'pairing' })
        throw expiredError(failure)
      }
      const error = toWalletConnectRpcError(failure)
      const wrapped =
        error instanceof UserRejectedRequestError
          ? new UserRejectedRequestError({ message: 'The wallet declined the connection', cause: failure })
          : failure instanceof Error && !(failure instanceof ProviderRpcError)
            ? failure
            : error
      // The state may already say why (an expiry or a disconnect seen through events).
      if (current && (state.status === 'connecting' || state.status === 'waiting'))
        setState({ status: 'error', pairing: topic ? 'deleted' : undefined, error: wrapped })
      throw wrapped
    } finally {
      if (stopWaiting === stop) stopWaiting = undefined
      if (abortConnecting === abort) abortConnecting = undefined
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    connect() {
      if (session) return Promise.resolve(session)
      if (pending) return pending
      // A session being taken up from the last page load is used rather than asking for a new one.
      const started = (async () =>
        (await restoring?.catch(() => undefined)) ?? session ?? startConnection())().finally(() => {
        if (pending === started) pending = undefined
      })
      pending = started
      return started
    },
    async disconnect() {
      const current = session
      if (current && clientPromise) {
        const client = await ready()
        // Shown as ended at once; the wallet is told next (it hears wc_sessionDelete through the relay).
        endSession(client, { status: 'disconnected', pairing: 'deleted', by: 'app' })
        await client
          .disconnect({ topic: current.topic, reason: getWalletConnectError('USER_DISCONNECTED') })
          .catch(() => {})
      } else if (state.status === 'waiting' || state.status === 'connecting') await cancelConnecting()
    },
    async extend() {
      const current = session
      if (!current || !clientPromise)
        throw new DisconnectedError({ details: 'No wallet is connected over WalletConnect.' })
      const client = await ready()
      const { acknowledged } = await client.extend({ topic: current.topic })
      await acknowledged()
      if (session?.topic !== current.topic) throw new DisconnectedError({ details: 'The session ended.' })
      session = readWalletConnectSession(client.session.get(current.topic), chains)
      setState({ status: 'connected', pairing: 'active', session })
      return session
    },
    provider: control.provider,
    restore() {
      if (restoring) return restoring
      // Nothing was kept (or it is in memory): the WalletConnect client is not loaded for nothing.
      if (!clientPromise && !hint?.read()) return Promise.resolve(session)
      const started = (async () => {
        const client = await ready()
        if (session || state.status !== 'idle') return session
        const stored = pickStoredSession(client.session.getAll(), chains, Date.now())
        if (!stored) {
          hint?.write(false)
          return undefined
        }
        adopt(stored)
        return stored
      })().finally(() => {
        if (restoring === started) restoring = undefined
      })
      restoring = started
      return started
    },
    async destroy() {
      // A code nobody can answer once the socket is gone is withdrawn, and said so.
      if (state.status === 'waiting' || state.status === 'connecting') await cancelConnecting()
      const step = lifecycle.then(async () => {
        const client = await clientPromise?.catch(() => undefined)
        if (!client || suspended) return
        suspended = true
        // The SDK's 5 s heartbeat would otherwise keep timers (and a Node process) alive.
        client.core.heartbeat.stop()
        await client.core.relayer.transportClose().catch(() => {})
      })
      lifecycle = step.catch(() => {})
      await step
    },
  }
}
