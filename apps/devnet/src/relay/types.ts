import type { WebSocket } from 'ws'
import type { Mailbox } from './createMailbox'

/** One message kept by the relay until its ttl runs out. */
export type MailboxMessage = {
  topic: string
  message: string
  tag: number
  /** Size of `message` in bytes, counted against the mailbox's byte bound. */
  bytes: number
  /** Milliseconds since the epoch, by the relay's clock. */
  publishedAt: number
  /** Milliseconds since the epoch after which the message is gone. */
  expiresAt: number
  /** Client identities (JWT `iss`) that acknowledged or fetched the message, and the one that sent it. */
  acknowledgedBy: Set<string>
  /** Identities the message is on its way to (sent, not yet acknowledged), with the connection carrying it. */
  inFlight: Map<string, RelayConnection>
}

/** One open WebSocket of one client. */
export type RelayConnection = {
  /** The `iss` of the client's auth JWT: its did:key, the same across reconnects. */
  identity: string
  socket: WebSocket
  topics: Set<string>
  /** Ids of the `irn_subscription` requests sent on this socket that wait for the client's answer. */
  awaitingAck: Map<number, MailboxMessage>
  /** False between a ping and its pong. */
  alive: boolean
}

/** Everything a running relay knows. */
export type RelayState = {
  connections: Set<RelayConnection>
  /** Topic -> the connections subscribed to it. */
  subscribers: Map<string, Set<RelayConnection>>
  mailbox: Mailbox
  /** Ids for the relay's own requests; safe integers, so the SDK's bigint-aware JSON parser keeps them as numbers. */
  nextRequestId: () => number
}

/** A JSON-RPC id as the relay accepts it. */
export type JsonRpcId = string | number
