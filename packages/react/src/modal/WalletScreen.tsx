import { useState } from 'react'
import { loginWithWallet } from '../client/actions/loginWithWallet'
import type { SatchelClient } from '../client/createSatchelClient'
import type { InjectedWallet } from '../client/eip6963/watchInjectedWallets'
import { useInjectedWallets } from '../react/hooks/useInjectedWallets'
import { describeError } from './describeError'

/**
 * Sign-in with a browser wallet: the wallets installed on the page (EIP-6963), each with its name and
 * icon; the chosen one signs a Sign-In with Ethereum message. None found: says so, and how to get
 * one. Loaded lazily.
 *
 * @example
 * <WalletScreen client={client} />
 */
export default function WalletScreen({ client }: { client: SatchelClient }) {
  const { wallets, settled } = useInjectedWallets()
  const [pending, setPending] = useState<InjectedWallet>()
  const [error, setError] = useState<string>()

  const signIn = async (wallet: InjectedWallet) => {
    setPending(wallet)
    setError(undefined)
    try {
      await loginWithWallet(client, { provider: wallet.provider, walletClientType: wallet.info.rdns })
    } catch (failure) {
      setError(describeError(failure))
      setPending(undefined)
    }
  }

  if (!settled)
    return (
      <p className="satchel-status" role="status">
        Looking for wallets in this browser…
      </p>
    )
  if (wallets.length === 0)
    return (
      <div className="satchel-empty">
        <p>No wallet was found in this browser.</p>
        <p className="satchel-status">
          Install a wallet extension (MetaMask, Rabby, Coinbase Wallet…) and reload this page, or choose
          another way to log in.
        </p>
      </div>
    )
  return (
    <div className="satchel-methods">
      <ul className="satchel-wallets" aria-label="Wallets in this browser">
        {wallets.map((wallet) => (
          <li key={wallet.info.uuid}>
            <button
              type="button"
              className="satchel-button satchel-wallet"
              disabled={pending !== undefined}
              onClick={() => signIn(wallet)}
            >
              {wallet.info.icon ? (
                <img className="satchel-wallet__icon" src={wallet.info.icon} alt="" width={24} height={24} />
              ) : null}
              <span>{wallet.info.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {pending && (
        <p className="satchel-status" role="status">
          Check {pending.info.name}: approve the connection, then sign the message to log in…
        </p>
      )}
      {error && (
        <p className="satchel-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
