import {
  type LoginWithSolanaWalletParameters,
  loginWithSolanaWallet,
} from '../../client/actions/loginWithSolanaWallet'
import type { AuthenticatedUser } from '../../client/types'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Return = NamedActionReturnType<
  'loginWithSolanaWallet',
  LoginWithSolanaWalletParameters,
  AuthenticatedUser
>

/**
 * Sign-in with an existing Solana wallet (Sign In With Solana) found through the Wallet Standard
 * (`useSolanaSignInWallets`). Rejects with FeatureNotAvailableError while the server has no SIWS routes.
 *
 * @example
 * const { loginWithSolanaWallet } = useLoginWithSolanaWallet()
 * await loginWithSolanaWallet({ wallet: phantom })
 */
export function useLoginWithSolanaWallet(): Return {
  return useNamedAction('useLoginWithSolanaWallet', 'loginWithSolanaWallet', loginWithSolanaWallet)
}
