import type { CoinbaseOnrampAsset } from '@satchel/core'
import {
  type FundingAsset,
  type FundingOption,
  type FundingPurchase,
  startSandboxCheckout,
  useFundingOptions,
  useFundWallet,
  useSatchel,
} from '@satchel/react'
import { useEffect, useId, useState } from 'react'
import { useLocation } from '../../app/router/useLocation'
import { AmountError, parseAmount } from '../../shared/amount/parseAmount'
import { AssetPicker } from '../../shared/chains/AssetPicker'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { NetworkPicker } from '../../shared/chains/NetworkPicker'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import { useWalletNetworks } from '../../shared/chains/useWalletNetworks'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { CheckoutStatus } from './CheckoutStatus'
import { describeSolanaFunding } from './describeSolanaFunding'
import './fund.css'

const PRESETS: Record<FundingAsset, readonly string[]> = {
  USDC: ['10', '25', '50', '100'],
  native: ['0.05', '0.1', '0.5', '1'],
}
const providerNames: Record<FundingOption['provider'], string> = {
  sandbox: 'Sandbox card (test card, pays on the local chain)',
  coinbase: 'Coinbase',
  moonpay: 'MoonPay',
}

type Checkout = {
  /** The network's key: an EVM chain id, or a Solana cluster's CAIP-2 id. */
  network: string
  asset: FundingAsset
  amount: string
  purchase: FundingPurchase
}

// Coinbase names the native coin by its symbol; the chains it serves pay in ETH or POL.
const isCoinbaseNative = (symbol: string): symbol is 'ETH' | 'POL' => symbol === 'ETH' || symbol === 'POL'
const toCoinbaseAsset = (asset: FundingAsset, nativeSymbol: string): CoinbaseOnrampAsset | undefined =>
  asset === 'USDC' ? 'USDC' : isCoinbaseNative(nativeSymbol) ? nativeSymbol : undefined

/**
 * Fund: pick the chain and asset, see which providers can sell it, pick an amount (presets or typed),
 * pay on the provider's page (opened in a new tab), and watch the status and the balance until the
 * funds arrive.
 */
export default function FundPage() {
  const { client } = useSatchel()
  const coinbase = useFundWallet()
  const ethereum = useEthereumWallet()
  const solana = useSolanaWallet()
  const networks = useWalletNetworks()
  const id = useId()
  // `/fund?chain=8453&asset=native&amount=0.001` opens with those chosen ("Buy ETH for fees").
  const { search } = useLocation()
  const presetChain = networks.find((entry) => entry.key === search.get('chain'))?.key
  const presetAsset: FundingAsset | undefined =
    search.get('asset') === 'native' ? 'native' : search.get('asset') === 'USDC' ? 'USDC' : undefined
  const presetAmount = /^\d{1,12}(\.\d{1,18})?$/.test(search.get('amount') ?? '')
    ? search.get('amount')
    : null
  const [chainKey, setChainKey] = useState(presetChain ?? networks[0]?.key)
  const [asset, setAsset] = useState<FundingAsset>(presetAsset ?? 'USDC')
  const [amount, setAmount] = useState(presetAmount ?? PRESETS[presetAsset ?? 'USDC'][1] ?? '25')
  const [provider, setProvider] = useState<FundingOption['provider'] | undefined>(undefined)
  const [amountError, setAmountError] = useState<string | undefined>(undefined)
  const [starting, setStarting] = useState<{ error?: unknown; pending: boolean }>({ pending: false })
  const [checkout, setCheckout] = useState<Checkout | undefined>(undefined)
  const network = networks.find((entry) => entry.key === chainKey) ?? networks[0]
  const chain = network?.family === 'evm' ? network.chain : undefined
  const wallet = network?.family === 'solana' ? solana : ethereum

  const evmOptions = useFundingOptions({ chainId: chain?.id ?? 0, asset }, { enabled: chain !== undefined })
  // On Solana the devnet's sandbox card pays on its local cluster; no provider is wired for others yet.
  const options =
    network?.family === 'solana'
      ? describeSolanaFunding(network.cluster, network.cluster.explorerCluster === undefined)
      : evmOptions
  const offered = options.data
  // Each answer preselects its first provider.
  useEffect(() => setProvider(offered?.options[0]?.provider), [offered])

  if (!wallet || !network) return <LoadingState label="Waiting for your wallet…" />
  const symbol = asset === 'USDC' ? 'USDC' : network.nativeSymbol

  const pay = () => {
    try {
      parseAmount(amount, asset === 'USDC' ? USDC_DECIMALS : network.family === 'solana' ? 9 : 18)
      setAmountError(undefined)
    } catch (error) {
      setAmountError(error instanceof AmountError ? error.message : 'Enter an amount such as 25')
      return
    }
    const option = offered?.options.find((entry) => entry.provider === provider)
    const coinbaseAsset = toCoinbaseAsset(asset, network.nativeSymbol)
    if (option?.provider === 'coinbase' && coinbaseAsset) {
      // The SDK opens Coinbase's page itself (in the click's turn, so it is not blocked).
      setStarting({ pending: true })
      coinbase
        .fundWallet({ wallet: wallet.id, asset: coinbaseAsset, network: option.network, amount })
        .then(({ partnerUserId }) => {
          setStarting({ pending: false })
          setCheckout({
            network: String(option.chainId),
            asset,
            amount,
            purchase: { partnerUserId },
          })
        })
        .catch((error: unknown) => setStarting({ pending: false, error }))
      return
    }
    if (provider !== 'sandbox') return
    // Opened in the click's own turn so the browser does not block it; pointed at the checkout once
    // the server answers (closed again if it fails).
    const popup = window.open('about:blank', '_blank')
    setStarting({ pending: true })
    const where =
      network.family === 'solana' ? { caip2: network.cluster.caip2 } : { chainId: network.chain.id }
    startSandboxCheckout(client, { address: wallet.address, ...where, asset, amount }).then(
      ({ checkoutUrl, sessionId }) => {
        if (popup) popup.location.href = checkoutUrl
        else window.location.assign(checkoutUrl)
        setStarting({ pending: false })
        setCheckout({
          network: network.key,
          asset,
          amount,
          purchase: { sandboxSessionId: sessionId },
        })
      },
      (error: unknown) => {
        popup?.close()
        setStarting({ pending: false, error })
      },
    )
  }

  if (checkout)
    return (
      <section className="fund">
        <h1>Fund your wallet</h1>
        <CheckoutStatus
          address={wallet.address}
          chain={networks.find((entry) => entry.key === checkout.network) ?? network}
          asset={checkout.asset}
          amount={checkout.amount}
          purchase={checkout.purchase}
          onDone={() => setCheckout(undefined)}
        />
      </section>
    )

  return (
    <section className="fund">
      <h1>Fund your wallet</h1>
      <p className="muted">Buy crypto with a card. It arrives in your wallet on the chain you choose.</p>
      <div className="card">
        <NetworkPicker networks={networks} value={network.key} onChange={setChainKey} name={`${id}-chain`} />
        <AssetPicker
          name={`${id}-asset`}
          value={asset}
          nativeSymbol={network.nativeSymbol}
          // Every provider's matrix has USDC wherever the wallet shows a chain; it says when it has not.
          usdc
          onChange={(option) => {
            setAsset(option)
            setAmount(PRESETS[option][1] ?? '')
          }}
        />
        {options.isPending ? <LoadingState label="Finding providers…" /> : null}
        {options.isError ? (
          <ErrorMessage
            title="Providers could not be loaded"
            error={options.error}
            onRetry={options.refetch}
          />
        ) : null}
        {offered && offered.options.length === 0 ? (
          <EmptyState title={`No provider sells ${symbol} on ${network.name}`}>
            {offered.warnings.length > 0 ? (
              <ul className="fund__warnings">
                {offered.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            ) : null}
          </EmptyState>
        ) : null}
        {offered && offered.options.length > 0 ? (
          <>
            <fieldset className="fund__providers">
              <legend className="field__label">Provider</legend>
              {offered.options.map((option) => (
                <label key={option.provider} className="fund__provider">
                  <input
                    type="radio"
                    name={`${id}-provider`}
                    checked={provider === option.provider}
                    onChange={() => setProvider(option.provider)}
                  />
                  <span>
                    {providerNames[option.provider]}
                    {option.provider !== 'moonpay' ? null : (
                      <span className="fund__unavailable"> (not available in this wallet yet)</span>
                    )}
                    {option.warnings.map((warning) => (
                      <span key={warning} className="field__hint fund__warning">
                        {warning}
                      </span>
                    ))}
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset className="segmented">
              <legend className="field__label">Amount ({symbol})</legend>
              {PRESETS[asset].map((preset) => (
                <label key={preset} className="segmented__option">
                  <input
                    type="radio"
                    name={`${id}-preset`}
                    checked={amount === preset}
                    onChange={() => setAmount(preset)}
                  />
                  <span className="segmented__label">
                    {preset} {symbol}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-amount`}>
                Or type an amount
              </label>
              <input
                id={`${id}-amount`}
                className="input"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? `${id}-amount-error` : undefined}
              />
              {amountError ? (
                <p className="field__error" id={`${id}-amount-error`}>
                  {amountError}
                </p>
              ) : null}
            </div>
            {starting.error ? (
              <ErrorMessage title="The checkout could not be opened" error={starting.error} />
            ) : null}
            <button
              type="button"
              className="button button--block"
              onClick={pay}
              disabled={starting.pending || provider === undefined || provider === 'moonpay'}
            >
              {starting.pending ? 'Opening checkout…' : `Buy ${amount || '…'} ${symbol} with a card`}
            </button>
            <p className="field__hint">
              The checkout opens in a new tab. Come back here to see your funds arrive.
            </p>
          </>
        ) : null}
      </div>
    </section>
  )
}
