/**
 * The WalletConnect v2 SDK's standard errors, as `@walletconnect/utils`'s `getSdkError` defines them
 * (same keys, codes and messages), so core can answer a WalletConnect peer without loading the SDK.
 */
export const walletConnectErrors = {
  // INVALID (1xxx)
  INVALID_METHOD: { code: 1001, message: 'Invalid method.' },
  INVALID_EVENT: { code: 1002, message: 'Invalid event.' },
  INVALID_UPDATE_REQUEST: { code: 1003, message: 'Invalid update request.' },
  INVALID_EXTEND_REQUEST: { code: 1004, message: 'Invalid extend request.' },
  INVALID_SESSION_SETTLE_REQUEST: { code: 1005, message: 'Invalid session settle request.' },
  // UNAUTHORIZED (3xxx)
  UNAUTHORIZED_METHOD: { code: 3001, message: 'Unauthorized method.' },
  UNAUTHORIZED_EVENT: { code: 3002, message: 'Unauthorized event.' },
  UNAUTHORIZED_UPDATE_REQUEST: { code: 3003, message: 'Unauthorized update request.' },
  UNAUTHORIZED_EXTEND_REQUEST: { code: 3004, message: 'Unauthorized extend request.' },
  // REJECTED (5xxx, CAIP-25)
  USER_REJECTED: { code: 5000, message: 'User rejected.' },
  USER_REJECTED_CHAINS: { code: 5001, message: 'User rejected chains.' },
  USER_REJECTED_METHODS: { code: 5002, message: 'User rejected methods.' },
  USER_REJECTED_EVENTS: { code: 5003, message: 'User rejected events.' },
  UNSUPPORTED_CHAINS: { code: 5100, message: 'Unsupported chains.' },
  UNSUPPORTED_METHODS: { code: 5101, message: 'Unsupported methods.' },
  UNSUPPORTED_EVENTS: { code: 5102, message: 'Unsupported events.' },
  UNSUPPORTED_ACCOUNTS: { code: 5103, message: 'Unsupported accounts.' },
  UNSUPPORTED_NAMESPACE_KEY: { code: 5104, message: 'Unsupported namespace key.' },
  // REASON (6xxx)
  USER_DISCONNECTED: { code: 6000, message: 'User disconnected.' },
  // FAILURE (7xxx)
  SESSION_SETTLEMENT_FAILED: { code: 7000, message: 'Session settlement failed.' },
  // wc_ methods the peer does not implement
  WC_METHOD_UNSUPPORTED: { code: 10001, message: 'Unsupported wc_ method.' },
} as const satisfies Record<string, { code: number; message: string }>

export type WalletConnectErrorKey = keyof typeof walletConnectErrors

/**
 * The `{code, message}` to send a WalletConnect peer, with optional context appended to the message
 * the way the SDK's `getSdkError(key, context)` does it.
 *
 * @example
 * getWalletConnectError('UNSUPPORTED_CHAINS', 'eip155:5')
 * // { code: 5100, message: 'Unsupported chains. eip155:5' }
 */
export function getWalletConnectError(
  key: WalletConnectErrorKey,
  context?: string | number,
): { code: number; message: string } {
  const { code, message } = walletConnectErrors[key]
  // Same truthiness test as the SDK, so both sides of a session produce the same text.
  return { code, message: context ? `${message} ${context}` : message }
}
