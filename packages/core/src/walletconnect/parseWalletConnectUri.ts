import { BaseError } from '../errors/BaseError'

/** Why a wallet-connection URI was refused, for code that branches on it (the message is for people). */
export type InvalidWalletConnectUriReason =
  | 'not_a_string'
  | 'not_walletconnect'
  | 'unsupported_version'
  | 'missing_topic'
  | 'missing_relay_protocol'
  | 'missing_sym_key'
  | 'invalid_sym_key'
  | 'invalid_expiry'
  | 'expired'

/**
 * Thrown for a wallet-connection (`wc:`) URI that cannot be used: the message says what is wrong in
 * words a person pasting a link understands; `reason` is stable for code.
 *
 * @example
 * throw new InvalidWalletConnectUriError('expired', 'This connection link has expired')
 */
export class InvalidWalletConnectUriError extends BaseError {
  override name = 'InvalidWalletConnectUriError'
  readonly reason: InvalidWalletConnectUriReason

  constructor(reason: InvalidWalletConnectUriReason, message: string, details?: string) {
    super(message, { details, docsPath: '/walletconnect/wallet#connection-links' })
    this.reason = reason
  }
}

export type ParsedWalletConnectUri = {
  /** The pairing topic (64 hex characters). */
  topic: string
  /** The protocol version; only 2 is in use. */
  version: 2
  /** The pairing's symmetric key (64 hex characters). Secret: never log it. */
  symKey: string
  /** The relay protocol, `irn` for WalletConnect's relay. */
  relayProtocol: string
  /** Unix seconds after which the link no longer pairs, when the link says. */
  expiryTimestamp?: number | undefined
}

export type ParseWalletConnectUriErrorType = InvalidWalletConnectUriError

const hex64 = /^[0-9a-f]{64}$/i

/**
 * Checks a pasted or scanned WalletConnect v2 pairing URI before any connection is tried, as the spec
 * asks: a string, with a relay protocol and a symmetric key, not expired. Pure: no SDK is loaded.
 *
 * @param uri `wc:<topic>@2?relay-protocol=irn&symKey=<key>&expiryTimestamp=<unix seconds>`
 * @param now The clock in milliseconds since the epoch (default `Date.now()`).
 * @throws {InvalidWalletConnectUriError} naming what is wrong.
 * @example
 * parseWalletConnectUri('wc:7f6e…@2?relay-protocol=irn&symKey=587d…&expiryTimestamp=1735689600')
 * // { topic: '7f6e…', version: 2, symKey: '587d…', relayProtocol: 'irn', expiryTimestamp: 1735689600 }
 */
export function parseWalletConnectUri(uri: unknown, now: number = Date.now()): ParsedWalletConnectUri {
  if (typeof uri !== 'string' || uri.trim().length === 0)
    throw new InvalidWalletConnectUriError('not_a_string', 'Paste a WalletConnect link (it starts with wc:)')
  const text = uri.trim()
  if (!/^wc:/i.test(text))
    throw new InvalidWalletConnectUriError(
      'not_walletconnect',
      'This is not a WalletConnect link: it should start with wc:',
    )
  // `wc://` is the deep-link spelling of the same URI.
  const body = text.replace(/^wc:(\/\/)?/i, '')
  const queryStart = body.indexOf('?')
  const path = queryStart < 0 ? body : body.slice(0, queryStart)
  const query = new URLSearchParams(queryStart < 0 ? '' : body.slice(queryStart + 1))
  const at = path.lastIndexOf('@')
  const topic = at < 0 ? path : path.slice(0, at)
  const version = at < 0 ? '' : path.slice(at + 1)

  if (version !== '2')
    throw new InvalidWalletConnectUriError(
      'unsupported_version',
      version === '1'
        ? 'This link uses WalletConnect version 1, which is no longer supported: ask the app for a new link'
        : 'This WalletConnect link has no protocol version 2 (…@2?…): copy the whole link again',
    )
  if (!hex64.test(topic))
    throw new InvalidWalletConnectUriError(
      'missing_topic',
      'This WalletConnect link has no valid pairing topic: copy the whole link again',
    )
  const relayProtocol = query.get('relay-protocol')
  if (!relayProtocol)
    throw new InvalidWalletConnectUriError(
      'missing_relay_protocol',
      'This WalletConnect link has no relay protocol: copy the whole link again',
    )
  const symKey = query.get('symKey')
  if (!symKey)
    throw new InvalidWalletConnectUriError(
      'missing_sym_key',
      'This WalletConnect link has no symmetric key: copy the whole link again',
    )
  if (!hex64.test(symKey))
    throw new InvalidWalletConnectUriError(
      'invalid_sym_key',
      'This WalletConnect link has an invalid symmetric key: copy the whole link again',
      'symKey must be 64 hexadecimal characters.',
    )

  const expiry = query.get('expiryTimestamp')
  let expiryTimestamp: number | undefined
  if (expiry !== null) {
    if (!/^\d{1,12}$/.test(expiry))
      throw new InvalidWalletConnectUriError(
        'invalid_expiry',
        'This WalletConnect link has an invalid expiry time: copy the whole link again',
      )
    expiryTimestamp = Number(expiry)
    if (expiryTimestamp * 1000 <= now)
      throw new InvalidWalletConnectUriError(
        'expired',
        'This WalletConnect link has expired: ask the app for a new one',
      )
  }

  return {
    topic,
    version: 2,
    symKey,
    relayProtocol,
    ...(expiryTimestamp === undefined ? {} : { expiryTimestamp }),
  }
}
