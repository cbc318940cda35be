import type { WalletConnectErrorKey } from '@satchel/core'
import type { SessionRequestSummary } from './describeSessionRequest'

/** What an app says about itself in WalletConnect (self-declared: shown, never trusted). */
export type WalletConnectPeer = {
  name: string
  description: string
  /** The app's URL as it declares it; `''` when it gave none that parses as http(s). */
  url: string
  /** The first http(s) or data: icon the app lists, if any. */
  icon: string | undefined
  /** What WalletConnect's Verify service said of the app's domain (`unknown` offline or without it). */
  verification: 'valid' | 'invalid' | 'unknown'
  /** Verify flagged the domain as a known scam. */
  isScam: boolean
  /** The origin Verify saw the app connect from (`''` when Verify gave none): the fact to show. */
  origin: string
}

/** One chain a proposal asks for, and whether this wallet serves it. */
export type RequestedChain = { caip2: string; chainId: number | undefined; supported: boolean }
/** One method a proposal asks for, and whether this wallet answers it. */
export type RequestedMethod = { name: string; supported: boolean }

/** A session proposal waiting for the user's answer. */
export type WalletConnectProposal = {
  id: number
  pairingTopic: string
  app: WalletConnectPeer
  chains: readonly RequestedChain[]
  methods: readonly RequestedMethod[]
  events: readonly string[]
  /** When the proposal lapses, in milliseconds since the epoch (proposals live 5 minutes). */
  expiresAt: number
  /**
   * Set when the proposal cannot be approved (none of its chains or methods is served here): the only
   * answer is to refuse it, with this standard error.
   */
  refusal: { key: WalletConnectErrorKey; message: string } | undefined
}

/** A connected app. */
export type WalletConnectSession = {
  topic: string
  app: WalletConnectPeer
  /** CAIP-2 ids of the chains the session covers. */
  chains: readonly string[]
  /** CAIP-10 accounts shared with the app. */
  accounts: readonly string[]
  methods: readonly string[]
  /** When the session ends unless extended, in milliseconds since the epoch (7 days after approval). */
  expiresAt: number
}

/** A request from a connected app, waiting in the queue. */
export type WalletConnectRequest = {
  id: number
  topic: string
  /** The app that asked (its session's peer). */
  app: WalletConnectPeer | undefined
  method: string
  /** CAIP-2 chain id the app sent the request for. */
  caip2: string
  chainId: number | undefined
  /** The request's parameters, as the app sent them (untrusted). */
  params: unknown
  /** What the request would do, for the person deciding. */
  summary: SessionRequestSummary
}

/**
 * A pairing with an app (the link's channel): `inactive` until a session is approved over it, then
 * `active`; gone on expiry (5 minutes while inactive) or disconnect.
 */
export type WalletConnectPairing = {
  topic: string
  state: 'inactive' | 'active'
  /** Milliseconds since the epoch. */
  expiresAt: number
  /** The app, once it has introduced itself. */
  appName: string | undefined
}

/** What the wallet role shows: its start-up, pending proposals, sessions and the request queue. */
export type WalletConnectWalletState = {
  /** `starting` while WalletKit loads and connects to the relay; `error` if that failed. */
  status: 'idle' | 'starting' | 'ready' | 'error'
  error: Error | undefined
  /** A link was accepted and the app's proposal has not arrived yet. */
  pairing: boolean
  pairings: readonly WalletConnectPairing[]
  proposals: readonly WalletConnectProposal[]
  sessions: readonly WalletConnectSession[]
  /** Requests are shown one at a time: `active` while one waits for the user, else `idle`. */
  queue: { state: 'idle' | 'active'; current: WalletConnectRequest | undefined; waiting: number }
}
