import { type InjectedWallet, useInjectedWallets, useLoginWithWallet } from '@satchel/react'
import { useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'

// EIP-1193's "user rejected the request": said as what happened, not as an error code.
const isRejected = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 4001

/**
 * Sign in with a browser wallet the page finds through EIP-6963 (MetaMask, Rabby, …): the wallet
 * signs a Sign-In with Ethereum message with a single-use nonce, and the server checks the signature.
 *
 * @example
 * <WalletSignIn />
 */
export function WalletSignIn() {
  const { wallets, settled } = useInjectedWallets()
  const login = useLoginWithWallet()
  const [chosen, setChosen] = useState<string | undefined>(undefined)

  const signIn = (wallet: InjectedWallet) => {
    setChosen(wallet.info.uuid)
    login.mutate({ provider: wallet.provider, walletClientType: wallet.info.rdns })
  }

  if (!settled) return <LoadingState label="Looking for browser wallets…" />
  if (wallets.length === 0)
    return (
      <div className="notice notice--warning">
        <p>
          No browser wallet found on this page. Install one (such as MetaMask or Rabby), or choose another way
          in.
        </p>
      </div>
    )
  return (
    <div>
      <p>Your wallet asks you to sign a message. Signing it is free and sends nothing.</p>
      {login.error ? (
        <ErrorMessage
          error={
            isRejected(login.error)
              ? new Error('You declined the sign-in request in your wallet.')
              : login.error
          }
        />
      ) : null}
      <ul className="sign-in__stack sign-in__wallets" aria-label="Browser wallets">
        {wallets.map((wallet) => (
          <li key={wallet.info.uuid}>
            <button
              type="button"
              className="button button--secondary button--block sign-in__wallet"
              disabled={login.isPending}
              onClick={() => signIn(wallet)}
            >
              {wallet.info.icon ? <img src={wallet.info.icon} alt="" width={24} height={24} /> : null}
              {login.isPending && chosen === wallet.info.uuid
                ? `Waiting for ${wallet.info.name}…`
                : `Sign in with ${wallet.info.name}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
