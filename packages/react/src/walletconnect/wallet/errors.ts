import { BaseError } from '@satchel/core'

/**
 * The wallet role cannot do what was asked (no such proposal or request any more, a proposal that
 * cannot be approved, no embedded wallet of the kind it asks for, the app never sent its proposal). `reason` is
 * stable for code; the message is for people.
 *
 * @example
 * throw new WalletConnectWalletError('proposal_not_found', 'This connection request has expired')
 */
export class WalletConnectWalletError extends BaseError {
  override name = 'WalletConnectWalletError'
  readonly reason:
    | 'not_started'
    | 'proposal_not_found'
    | 'proposal_refused'
    | 'no_ethereum_wallet'
    | 'no_solana_wallet'
    | 'no_request'
    | 'busy'
    | 'proposal_timeout'

  constructor(reason: WalletConnectWalletError['reason'], message: string, details?: string) {
    super(message, { details, docsPath: '/walletconnect/wallet' })
    this.reason = reason
  }
}
