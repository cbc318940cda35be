import { useId, useState } from 'react'
import { Link } from '../../app/router/Link'
import { useWalletChains } from '../../shared/chains/useWalletChains'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { ActivityList } from './ActivityList'
import { BalancesCard } from './BalancesCard'
import { RecoveryBanner } from './RecoveryBanner'
import './home.css'

const TESTNETS_KEY = 'satchel-wallet:show-testnets'

function readShowTestnets(onlyTestnets: boolean): boolean {
  const stored = localStorage.getItem(TESTNETS_KEY)
  // When every enabled chain is a testnet (the devnet), hiding them would hide everything.
  return stored === null ? onlyTestnets : stored === 'true'
}

/**
 * Home: total and per-chain balances of the native coin and USDC, testnets behind a toggle, quick
 * actions, and recent activity.
 */
export default function HomePage() {
  const wallet = useEthereumWallet()
  const chains = useWalletChains()
  const onlyTestnets = chains.length > 0 && chains.every((chain) => chain.testnet)
  const [showTestnets, setShowTestnets] = useState(() => readShowTestnets(onlyTestnets))
  const toggleId = useId()
  const shown = chains.filter((chain) => showTestnets || !chain.testnet)

  const toggle = (value: boolean) => {
    setShowTestnets(value)
    localStorage.setItem(TESTNETS_KEY, String(value))
  }

  return (
    <section className="home">
      <h1>Home</h1>
      <RecoveryBanner />
      <div className="home__toggle">
        <input
          id={toggleId}
          type="checkbox"
          checked={showTestnets}
          onChange={(event) => toggle(event.target.checked)}
          aria-describedby={`${toggleId}-hint`}
        />
        <label htmlFor={toggleId}>Show testnets</label>
        <p className="field__hint" id={`${toggleId}-hint`}>
          {onlyTestnets
            ? 'This wallet runs on local test chains (the devnet), so testnets are shown. Their coins have no value.'
            : 'Testnet coins have no value; they are for trying things out.'}
        </p>
      </div>
      {!wallet ? (
        <LoadingState label="Waiting for your wallet…" />
      ) : (
        <>
          <BalancesCard address={wallet.address} chains={shown} />
          <nav className="home__actions" aria-label="Quick actions">
            <Link to="/send" className="button">
              Send
            </Link>
            <Link to="/receive" className="button button--secondary">
              Receive
            </Link>
            <Link to="/fund" className="button button--secondary">
              Fund with card
            </Link>
          </nav>
          <ActivityList address={wallet.address} chains={shown} />
        </>
      )}
    </section>
  )
}
