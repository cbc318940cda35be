import {
  type InjectedWallet,
  useInjectedWallets,
  useLoginWithSolanaWallet,
  useLoginWithWallet,
  useSolanaSignInWallets,
} from '@satchel/react'
import { useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'

// "The person said no" (EIP-1193's 4001, or a Solana wallet's rejection): said as what happened.
const isRejected = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (('code' in error && error.code === 4001) ||
    ('message' in error && typeof error.message === 'string' && /reject/i.test(error.message)))

type SolanaWallet = ReturnType<typeof useSolanaSignInWallets>[number]

export type WalletSignInProps = {
  /** The app takes Ethereum wallets (Sign-In with Ethereum). */
  ethereum: boolean
  /** The app takes Solana wallets (Sign In With Solana). */
  solana: boolean
}

/**
 * Sign in with a browser wallet: Ethereum ones the page finds through EIP-6963 (MetaMask, Rabby, …)
 * sign a Sign-In with Ethereum message, Solana ones found through the Wallet Standard (Phantom,
 * Solflare, …) a Sign In With Solana message, each with a single-use nonce; the server checks the
 * signature.
 *
 * @example
 * <WalletSignIn ethereum solana />
 */
export function WalletSignIn({ ethereum, solana }: WalletSignInProps) {
  const injected = useInjectedWallets()
  const solanaWallets = useSolanaSignInWallets()
  const ethereumLogin = useLoginWithWallet()
  const solanaLogin = useLoginWithSolanaWallet()
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const pending = ethereumLogin.isPending || solanaLogin.isPending
  const error = chosen?.startsWith('solana:') ? solanaLogin.error : ethereumLogin.error

  const ethereumChoices = ethereum ? injected.wallets : []
  const solanaChoices = solana ? solanaWallets : []
  const signInEthereum = (wallet: InjectedWallet) => {
    setChosen(`ethereum:${wallet.info.uuid}`)
    ethereumLogin.mutate({ provider: wallet.provider, walletClientType: wallet.info.rdns })
  }
  const signInSolana = (wallet: SolanaWallet) => {
    setChosen(`solana:${wallet.name}`)
    solanaLogin.mutate({ wallet })
  }
  const label = (key: string, name: string) =>
    pending && chosen === key ? `Waiting for ${name}…` : `Sign in with ${name}`

  if (ethereumChoices.length + solanaChoices.length === 0) {
    if (ethereum && !injected.settled) return <LoadingState label="Looking for browser wallets…" />
    return (
      <div className="notice notice--warning">
        <p>
          No browser wallet found on this page. Install one (such as{' '}
          {[ethereum && 'MetaMask or Rabby', solana && 'Phantom or Solflare'].filter(Boolean).join(', or ')}),
          or choose another way in.
        </p>
      </div>
    )
  }
  return (
    <div>
      <p>Your wallet asks you to sign a message. Signing it is free and sends nothing.</p>
      {error ? (
        <ErrorMessage
          error={isRejected(error) ? new Error('You declined the sign-in request in your wallet.') : error}
        />
      ) : null}
      <ul className="sign-in__stack sign-in__wallets" aria-label="Browser wallets">
        {ethereumChoices.map((wallet) => (
          <li key={wallet.info.uuid}>
            <button
              type="button"
              className="button button--secondary button--block sign-in__wallet"
              disabled={pending}
              onClick={() => signInEthereum(wallet)}
            >
              {wallet.info.icon ? <img src={wallet.info.icon} alt="" width={24} height={24} /> : null}
              {label(`ethereum:${wallet.info.uuid}`, wallet.info.name)}
            </button>
          </li>
        ))}
        {solanaChoices.map((wallet) => (
          <li key={wallet.name}>
            <button
              type="button"
              className="button button--secondary button--block sign-in__wallet"
              disabled={pending}
              onClick={() => signInSolana(wallet)}
            >
              {wallet.icon.startsWith('data:image/') ? (
                <img src={wallet.icon} alt="" width={24} height={24} />
              ) : null}
              {label(`solana:${wallet.name}`, ethereum ? `${wallet.name} (Solana)` : wallet.name)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
