import { formatWei } from '@satchel/core'
import { type FundingAsset, type FundingPurchase, useFundingStatus, useSatchel } from '@satchel/react'
import { useRef } from 'react'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { readNetworkBalance } from '../../shared/chains/readNetworkBalance'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { usePolling } from '../../shared/hooks/usePolling'
import { LoadingState } from '../../shared/ui/LoadingState'
import { DoneActions } from '../send/DoneActions'

const POLL_MS = 2000

/**
 * A purchase under way: the provider's status (the SDK's `useFundingStatus` asks every 2 s) and the
 * balance on the chain, which shows the funds the moment they arrive, even before the provider
 * reports success.
 */
export function CheckoutStatus({
  address,
  chain,
  asset,
  amount,
  purchase,
  onDone,
}: {
  address: string
  chain: WalletNetwork
  asset: FundingAsset
  amount: string
  /** Which purchase to follow. */
  purchase: FundingPurchase
  onDone: () => void
}) {
  const { client } = useSatchel()
  const read = useFundingStatus(purchase)
  const status = read.data ?? { status: 'pending', txHash: undefined }
  // Shown while the status cannot be read; the hook keeps asking.
  const error = read.failureReason
  const symbol = asset === 'USDC' ? 'USDC' : chain.nativeSymbol
  // SOL counts in lamports (9 decimals); USDC has 6 on every chain.
  const decimals = asset === 'USDC' ? USDC_DECIMALS : chain.family === 'solana' ? 9 : 18
  const balance = usePolling(
    () => readNetworkBalance(client, chain, address, asset),
    `${address}:${chain.key}:${asset}`,
    POLL_MS,
  )
  const before = useRef<bigint | undefined>(undefined)
  if (before.current === undefined && balance.data !== undefined) before.current = balance.data
  const arrived = before.current !== undefined && balance.data !== undefined && balance.data > before.current

  const format = (value: bigint) =>
    formatWei(value, { unitDecimals: decimals, decimals: asset === 'USDC' ? 2 : 4 })
  return (
    <div className="card fund__status" data-status={status.status}>
      <h2>
        Buying {amount} {symbol} on {chain.name}
      </h2>
      <div aria-live="polite">
        {status.status === 'pending' && !arrived ? (
          <LoadingState label="Waiting for the payment. Finish it in the checkout tab." />
        ) : null}
        {status.status === 'failure' ? (
          <p className="error-message">
            The payment did not go through. Nothing was charged; you can try again.
          </p>
        ) : null}
        {status.status === 'success' || arrived ? (
          <p className="notice notice--success">
            {arrived ? 'Your funds arrived.' : 'Payment accepted; the funds are on their way.'}
          </p>
        ) : null}
        <p className="fund__balance" data-testid="fund-balance">
          Balance on {chain.name}: {balance.data === undefined ? '…' : `${format(balance.data)} ${symbol}`}
          {arrived && before.current !== undefined && balance.data !== undefined
            ? ` (+${format(balance.data - before.current)})`
            : ''}
        </p>
      </div>
      <DoneActions error={error} again="Buy more" onAgain={onDone} />
    </div>
  )
}
