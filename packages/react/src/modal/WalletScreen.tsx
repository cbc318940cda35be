import type { Wallet } from '@wallet-standard/base'
import { useState } from 'react'
import { loginWithSolanaWallet } from '../client/actions/loginWithSolanaWallet'
import { loginWithWallet } from '../client/actions/loginWithWallet'
import type { SatchelClient } from '../client/createSatchelClient'
import type { InjectedWallet } from '../client/eip6963/watchInjectedWallets'
import { useInjectedWallets } from '../react/hooks/useInjectedWallets'
import { useSolanaSignInWallets } from '../react/hooks/useSolanaSignInWallets'
import { attempt } from './attempt'
import { ErrorAlert } from './ErrorAlert'

export type WalletScreenProps = {
  client: SatchelClient
  /** The app signs in Ethereum wallets (SIWE): list the EIP-6963 wallets. */
  ethereum: boolean
  /** The app signs in Solana wallets (SIWS): list the Wallet Standard wallets. */
  solana: boolean
}

/** One wallet of either kind, as the list shows it. */
type Choice = {
  key: string
  name: string
  label: string
  icon: string | undefined
  signIn: () => Promise<unknown>
}

/**
 * Sign-in with a browser wallet: the Ethereum wallets installed on the page (EIP-6963) and the Solana
 * ones (Wallet Standard), each with its name and icon; the chosen one signs a Sign-In with Ethereum
 * or Sign In With Solana message. None found: says so, and how to get one. Loaded lazily.
 *
 * @example
 * <WalletScreen client={client} ethereum solana={false} />
 */
export default function WalletScreen({ client, ethereum, solana }: WalletScreenProps) {
  const injected = useInjectedWallets()
  const solanaWallets = useSolanaSignInWallets()
  const [pending, setPending] = useState<Choice>()
  const [error, setError] = useState<string>()

  const choices: Choice[] = [
    ...(ethereum ? injected.wallets.map((wallet) => fromInjected(client, wallet)) : []),
    ...(solana ? solanaWallets.map((wallet) => fromStandard(client, wallet, ethereum)) : []),
  ]
  const choose = async (choice: Choice) => {
    setPending(choice)
    if (!(await attempt(setError, choice.signIn))) setPending(undefined)
  }

  if (choices.length === 0 && ethereum && !injected.settled)
    return (
      <p className="satchel-status" role="status">
        Looking for wallets in this browser…
      </p>
    )
  if (choices.length === 0)
    return (
      <div className="satchel-empty">
        <p>No wallet was found in this browser.</p>
        <p className="satchel-status">
          Install a wallet extension (
          {[ethereum && 'MetaMask, Rabby, Coinbase Wallet', solana && 'Phantom, Solflare']
            .filter(Boolean)
            .join(', ')}
          …) and reload this page, or choose another way to log in.
        </p>
      </div>
    )
  return (
    <div className="satchel-methods">
      <ul className="satchel-wallets" aria-label="Wallets in this browser">
        {choices.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              className="satchel-button satchel-wallet"
              disabled={pending !== undefined}
              onClick={() => choose(choice)}
            >
              {choice.icon ? (
                <img className="satchel-wallet__icon" src={choice.icon} alt="" width={24} height={24} />
              ) : null}
              <span>{choice.label}</span>
            </button>
          </li>
        ))}
      </ul>
      {pending && (
        <p className="satchel-status" role="status">
          Check {pending.name}: approve the connection, then sign the message to log in…
        </p>
      )}
      <ErrorAlert error={error} />
    </div>
  )
}

function fromInjected(client: SatchelClient, wallet: InjectedWallet): Choice {
  return {
    key: `eip6963:${wallet.info.uuid}`,
    name: wallet.info.name,
    label: wallet.info.name,
    icon: wallet.info.icon || undefined,
    signIn: () => loginWithWallet(client, { provider: wallet.provider, walletClientType: wallet.info.rdns }),
  }
}

/** A Solana wallet; named as such when Ethereum wallets share the list (one extension may be both). */
function fromStandard(client: SatchelClient, wallet: Wallet, besideEthereum: boolean): Choice {
  return {
    key: `standard:${wallet.name}`,
    name: wallet.name,
    label: besideEthereum ? `${wallet.name} (Solana)` : wallet.name,
    // Only inline images: a remote icon URL would let the wallet's host see the page load.
    icon: wallet.icon.startsWith('data:image/') ? wallet.icon : undefined,
    signIn: () => loginWithSolanaWallet(client, { wallet }),
  }
}
