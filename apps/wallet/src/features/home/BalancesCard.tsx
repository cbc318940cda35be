import { formatWei } from '@satchel/core'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useBalances } from './useBalances'

const usdc = (value: bigint) => formatWei(value, { unitDecimals: USDC_DECIMALS, decimals: 2 })
const native = (value: bigint) => formatWei(value)

/**
 * The balances: totals across the shown chains, then one row per chain (native coin and USDC).
 *
 * @example
 * <BalancesCard address={wallet.address} chains={chains} />
 */
export function BalancesCard({ address, chains }: { address: string; chains: readonly WalletChain[] }) {
  const balances = useBalances(address, chains)
  if (chains.length === 0)
    return (
      <div className="card">
        <h2>Balances</h2>
        <EmptyState title="No chain to show">Turn on "Show testnets" to see the test chains.</EmptyState>
      </div>
    )
  const rows = balances.data ?? []
  const ready = rows.flatMap((row) => (row.status === 'ready' ? [row] : []))
  const totalUsdc = ready.reduce((sum, row) => sum + (row.usdc ?? 0n), 0n)
  // Wei and lamports do not add up: the native total is the EVM chains' (SOL shows on its own row).
  const totalNative = ready.reduce((sum, row) => (row.family === 'evm' ? sum + row.native : sum), 0n)
  const solanaRows = rows.filter((row) => row.family === 'solana')
  const chainCount = chains.length + solanaRows.length
  const nativeSymbols = [...new Set(chains.map((chain) => chain.nativeSymbol))]
  return (
    <div className="card balances" aria-busy={balances.status === 'loading'}>
      <h2>Balances</h2>
      {balances.status === 'loading' ? <LoadingState label="Loading balances…" /> : null}
      {balances.status === 'error' ? (
        <ErrorMessage error={balances.error} onRetry={balances.refresh} />
      ) : null}
      {balances.data ? (
        <>
          <div className="balances__total" data-testid="total-balance">
            <p className="balances__total-usdc">
              <span className="balances__amount">{usdc(totalUsdc)}</span> USDC
            </p>
            {nativeSymbols.length === 1 ? (
              <p className="balances__total-native">
                {native(totalNative)} {nativeSymbols[0]}
              </p>
            ) : null}
            <p className="field__hint">Total on {chainCount === 1 ? 'one chain' : `${chainCount} chains`}</p>
          </div>
          <table className="balances__table">
            <caption className="visually-hidden">Balances per chain</caption>
            <thead>
              <tr>
                <th scope="col">Chain</th>
                <th scope="col">Coin</th>
                <th scope="col">USDC</th>
              </tr>
            </thead>
            <tbody>
              {chains.map((chain) => {
                const row = rows.find((entry) => entry.chainId === chain.id)
                return (
                  <tr key={chain.id} data-chain-id={chain.id}>
                    <th scope="row">{chain.name}</th>
                    {row?.status === 'ready' ? (
                      <>
                        <td>
                          {native(row.native)} {chain.nativeSymbol}
                        </td>
                        <td>{row.usdc === undefined ? 'No USDC on this chain' : `${usdc(row.usdc)} USDC`}</td>
                      </>
                    ) : (
                      <td colSpan={2} className="balances__unavailable">
                        {row ? 'This chain cannot be reached right now' : '…'}
                      </td>
                    )}
                  </tr>
                )
              })}
              {solanaRows.map((row) => (
                <tr key={row.chainId} data-chain-id={row.chainId} data-family="solana">
                  <th scope="row">{row.chainName}</th>
                  {row.status === 'ready' ? (
                    <>
                      <td>{formatWei(row.native, { unitDecimals: 9, decimals: 4 })} SOL</td>
                      <td>{row.usdc === undefined ? 'No USDC on this chain' : `${usdc(row.usdc)} USDC`}</td>
                    </>
                  ) : (
                    <td colSpan={2} className="balances__unavailable">
                      This chain cannot be reached right now
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  )
}
