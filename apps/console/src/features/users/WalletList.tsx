import { getChain } from '@satchel/core'
import { useRead } from '@satchel/react'
import { useConsole } from '../../app/ConsoleContext'
import { readBalance } from './readBalance'
import { type AdminUser, formatTime } from './userSchemas'

type Wallet = AdminUser['wallets'][number]

/**
 * A user's wallets: address, chain family, balances on the chains the console may read, and a link
 * to the chain's explorer where it has one (the devnet's local chains have none).
 *
 * @example
 * <WalletList wallets={user.wallets} />
 */
export function WalletList({ wallets }: { wallets: Wallet[] }) {
  if (wallets.length === 0) return <p className="muted">No wallets.</p>
  return (
    <ul className="list">
      {wallets.map((wallet) => (
        <li key={wallet.id} className="list__item stack-small">
          <span className="mono break">{wallet.address}</span>
          <span className="muted">
            {wallet.chainType === 'ethereum' ? 'Ethereum' : 'Solana'} · made {formatTime(wallet.createdAt)}
            {wallet.revokedAt ? ` · revoked ${formatTime(wallet.revokedAt)}` : ''}
          </span>
          <Balances wallet={wallet} />
        </li>
      ))}
    </ul>
  )
}

function Balances({ wallet }: { wallet: Wallet }) {
  const { config } = useConsole()
  const sources =
    wallet.chainType === 'ethereum'
      ? config.chains.map((chain) => ({
          key: String(chain.id),
          rpcUrl: chain.rpcUrl,
          chain: findChain(chain.id),
        }))
      : config.solana
        ? [{ key: 'solana', rpcUrl: config.solana.rpcUrl, chain: undefined }]
        : []
  if (sources.length === 0) return <p className="muted">Balances are not shown on this server.</p>
  return (
    <ul className="balances">
      {sources.map((source) => (
        <Balance key={source.key} wallet={wallet} rpcUrl={source.rpcUrl} chain={source.chain} />
      ))}
    </ul>
  )
}

function Balance({
  wallet,
  rpcUrl,
  chain,
}: {
  wallet: Wallet
  rpcUrl: string
  chain: ReturnType<typeof findChain>
}) {
  const balance = useRead({
    queryKey: ['balance', rpcUrl, wallet.address],
    queryFn: ({ signal }) =>
      readBalance({ rpcUrl, chainType: wallet.chainType, address: wallet.address, signal }),
    retry: 1,
  })
  const name = chain?.name ?? (wallet.chainType === 'solana' ? 'Solana' : 'Chain')
  const symbol = chain?.nativeCurrency.symbol ?? (wallet.chainType === 'solana' ? 'SOL' : 'ETH')
  const explorer = chain?.blockExplorers?.default.url
  return (
    <li>
      {name}:{' '}
      {balance.status === 'success'
        ? `${balance.data} ${symbol}`
        : balance.status === 'error'
          ? 'unavailable'
          : 'loading…'}
      {explorer ? (
        <>
          {' · '}
          <a href={`${explorer}/address/${wallet.address}`} target="_blank" rel="noreferrer">
            View on {chain?.blockExplorers?.default.name}
          </a>
        </>
      ) : null}
    </li>
  )
}

function findChain(id: number) {
  try {
    return getChain(id)
  } catch {
    return undefined
  }
}
