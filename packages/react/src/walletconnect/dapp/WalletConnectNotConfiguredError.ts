import { BaseError } from '@satchel/core'

/**
 * WalletConnect was used while `<SatchelProvider config={{ walletConnect }}>` has no project id.
 *
 * @example
 * throw new WalletConnectNotConfiguredError()
 */
export class WalletConnectNotConfiguredError extends BaseError {
  override name = 'WalletConnectNotConfiguredError'
  readonly code = 'walletconnect_not_configured'

  constructor() {
    super('WalletConnect is not set up for this app', {
      details: 'Pass config={{ walletConnect: { projectId, relayUrl } }} to <SatchelProvider>.',
      docsPath: '/react/walletconnect',
    })
  }
}
