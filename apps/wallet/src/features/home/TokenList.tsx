import { formatWei } from '@satchel/core'
import { Link } from '../../app/router/Link'
import { ChainIcon } from '../../shared/ui/ChainIcon'
import { EmptyState } from '../../shared/ui/EmptyState'
import { TokenIcon } from '../../shared/ui/TokenIcon'
import { formatUsd } from './formatUsd'
import type { Holding } from './toHoldings'

// Stablecoins to cents; other coins (wei, lamports) to the core's default places.
const formatAmount = (holding: Holding, amount: bigint) =>
  formatWei(amount, { unitDecimals: holding.decimals, ...(holding.decimals <= 6 ? { decimals: 2 } : {}) })

/**
 * The assets, one line each: token icon with its chain's mark, name and chain, amount, and USD value
 * when the asset has a price.
 *
 * @example
 * <TokenList holdings={holdings} />
 */
export function TokenList({ holdings }: { holdings: readonly Holding[] }) {
  return (
    <section className="card tokens" aria-labelledby="tokens-title">
      <h2 id="tokens-title">Tokens</h2>
      {holdings.length === 0 ? (
        <EmptyState title="No chain to show">
          Test chains are hidden. <Link to="/settings">Show testnets in Settings</Link>.
        </EmptyState>
      ) : (
        <ul className="token-list">
          {holdings.map((holding) => (
            <li
              key={holding.key}
              className="token-row"
              data-chain-id={holding.chainId}
              data-family={holding.family}
              data-asset={holding.symbol}
            >
              <span className="token-row__icons">
                <TokenIcon symbol={holding.symbol} className="token-row__token" />
                <ChainIcon
                  chain={holding.family === 'solana' ? 'solana' : holding.chainId}
                  name={holding.chainName}
                  className="token-row__chain"
                />
              </span>
              <span className="token-row__name">
                <span className="token-row__title">{holding.name}</span>
                <span className="token-row__sub">{holding.chainName}</span>
              </span>
              <span className="token-row__value">
                {holding.amount === null ? (
                  <span className="token-row__sub">Cannot reach this chain right now</span>
                ) : holding.amount === undefined ? (
                  <span className="token-row__sub">…</span>
                ) : (
                  <>
                    <span className="token-row__title">
                      {holding.usd === undefined
                        ? formatAmount(holding, holding.amount)
                        : formatUsd(holding.usd)}
                    </span>
                    <span className="token-row__sub">
                      {holding.usd === undefined
                        ? holding.symbol
                        : `${formatAmount(holding, holding.amount)} ${holding.symbol}`}
                    </span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
