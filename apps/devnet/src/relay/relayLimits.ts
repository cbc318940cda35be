import { WALLETCONNECT_BATCH_SUBSCRIBE_LIMIT } from '@satchel/core'

/** Largest `message` one publish may carry, in bytes (the SDK's messages are base64, so bytes = characters). */
export const RELAY_MAX_MESSAGE_BYTES = 1024 * 1024

/**
 * Largest WebSocket frame accepted. Bigger than one message plus its JSON-RPC envelope, small enough that a
 * batch cannot make the relay buffer hundreds of megabytes; `ws` closes the socket (1009) past it.
 */
export const RELAY_MAX_FRAME_BYTES = 8 * 1024 * 1024

/** Topics (or messages) in one batch call: the spec's batch subscribe limit, applied to every batch method. */
export const RELAY_BATCH_LIMIT = WALLETCONNECT_BATCH_SUBSCRIBE_LIMIT

/** Longest ttl a publish may ask for, in seconds (30 days, as the hosted relay allows). */
export const RELAY_MAX_TTL_SECONDS = 30 * 24 * 60 * 60

/** ttl of `wc_proposeSession` / `wc_approveSession` when the params carry none: the SDK's own default. */
export const RELAY_DEFAULT_SESSION_TTL_SECONDS = 5 * 60

/** Messages kept per topic; the oldest goes first past it. */
export const RELAY_MAILBOX_MAX_PER_TOPIC = 500

/** Bytes kept across every topic's mailbox; the oldest messages go first past it. */
export const RELAY_MAILBOX_MAX_BYTES = 64 * 1024 * 1024

/**
 * How often the relay pings each socket. The SDK drops a socket that heard nothing for 35 s, and a
 * socket that did not answer the previous ping is dropped here.
 */
export const RELAY_PING_INTERVAL_MS = 20_000

/** Tags the relay stamps on the messages it publishes for the session methods (the SDK's own tags). */
export const RELAY_TAGS = {
  sessionPropose: 1100,
  sessionProposeResponse: 1101,
  sessionSettle: 1102,
} as const

/**
 * Pushes one socket may have waiting for acknowledgement. Past it the relay stops pushing to that socket
 * (the messages stay in the mailbox for its next subscribe), so a client that never answers cannot make
 * the relay hold on to an unbounded backlog.
 */
export const RELAY_MAX_UNACKNOWLEDGED = 1000
