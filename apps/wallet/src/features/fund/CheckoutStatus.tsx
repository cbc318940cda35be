import { formatWei } from '@satchel/core'
import { useSatchel } from '@satchel/react'
import { useEffect, useRef, useState } from 'react'
import { Link } from '../../app/router/Link'
import { createChainReader } from '../../shared/chains/createChainReader'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { usePolling } from '../../shared/hooks/usePolling'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import type { FundingAsset, FundingStatus } from './fundingApi'

const POLL_MS = 2000

/**
 * A purchase under way: the provider's status (asked every 2 s) and the balance on the chain, which
 * shows the funds the moment they arrive, even before the provider reports success.
 */
export function CheckoutStatus({
  address,
  chain,
  asset,
  amount,
  getStatus,
  onDone,
}: {
  address: string
  chain: WalletChain
  asset: FundingAsset
  amount: string
  /** Asks the provider (through the API) where the purchase stands. */
  getStatus: () => Promise<FundingStatus>
  onDone: () => void
}) {
  const { client } = useSatchel()
  const [status, setStatus] = useState<FundingStatus>({ status: 'pending', txHash: undefined })
  const [error, setError] = useState<unknown>(undefined)
  const symbol = asset === 'USDC' ? 'USDC' : chain.nativeSymbol
  const decimals = asset === 'USDC' ? USDC_DECIMALS : 18
  const balance = usePolling(
    async () => {
      const reader = createChainReader(client, chain)
      return asset === 'USDC'
        ? ((await reader.getUsdcBalance(address)) ?? 0n)
        : reader.getNativeBalance(address)
    },
    `${address}:${chain.id}:${asset}`,
    POLL_MS,
  )
  const before = useRef<bigint | undefined>(undefined)
  if (before.current === undefined && balance.data !== undefined) before.current = balance.data
  const arrived = before.current !== undefined && balance.data !== undefined && balance.data > before.current

  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () =>
      getStatus().then(
        (next) => {
          if (!live) return
          setStatus(next)
          setError(undefined)
          if (next.status === 'pending') timer = setTimeout(check, POLL_MS)
        },
        (checkError: unknown) => {
          if (!live) return
          setError(checkError)
          timer = setTimeout(check, POLL_MS * 2)
        },
      )
    void check()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [getStatus])

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
      {error ? <ErrorMessage title="The status could not be read; trying again" error={error} /> : null}
      <div className="actions">
        <Link to="/" className="button">
          Back to home
        </Link>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Buy more
        </button>
      </div>
    </div>
  )
}
