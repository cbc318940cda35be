import { useWalletConfig } from '../../app/WalletConfigContext'
import { useShowTestnets } from '../../shared/preferences/useShowTestnets'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { ActivityList } from './ActivityList'
import { RecoveryBanner } from './RecoveryBanner'
import { TokenList } from './TokenList'
import { TotalBalance } from './TotalBalance'
import { toHoldings } from './toHoldings'
import { useBalances } from './useBalances'
import './home.css'

/**
 * Home: the total in USD with Send / Receive / Buy, the tokens on every shown chain (testnets are a
 * setting), and recent activity; beside each other on a wide screen.
 */
export default function HomePage() {
  const wallet = useEthereumWallet()
  const { chains } = useShowTestnets()
  const { prices } = useWalletConfig()
  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title" className="visually-hidden">
        Home
      </h1>
      <RecoveryBanner />
      {!wallet ? (
        <LoadingState label="Waiting for your wallet…" />
      ) : (
        <HomeContent address={wallet.address} chains={chains} prices={prices} />
      )}
    </section>
  )
}

function HomeContent({
  address,
  chains,
  prices,
}: {
  address: string
  chains: ReturnType<typeof useShowTestnets>['chains']
  prices: Readonly<Record<string, number>> | undefined
}) {
  const balances = useBalances(address, chains)
  const holdings = toHoldings(chains, balances.data, prices)
  return (
    <div className="home__layout">
      <div className="home__column">
        <TotalBalance
          holdings={holdings}
          balances={balances}
          chainCount={chains.length + (balances.data ?? []).filter((row) => row.family === 'solana').length}
        />
        <TokenList holdings={holdings} />
      </div>
      <div className="home__column">
        <ActivityList chains={chains} />
      </div>
    </div>
  )
}
