import { useMemo } from 'react'
import {
  type LoginWithSolanaWalletParameters,
  loginWithSolanaWallet,
} from '../../client/actions/loginWithSolanaWallet'
import type { AuthenticatedUser } from '../../client/types'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

/**
 * Sign-in with an existing Solana wallet (Sign In With Solana) found through the Wallet Standard
 * (`useSolanaSignInWallets`). Rejects with FeatureNotAvailableError while the server has no SIWS routes.
 *
 * @example
 * const { loginWithSolanaWallet } = useLoginWithSolanaWallet()
 * await loginWithSolanaWallet({ wallet: phantom })
 */
export function useLoginWithSolanaWallet(): {
  loginWithSolanaWallet: (parameters: LoginWithSolanaWalletParameters) => Promise<AuthenticatedUser>
} & UseActionReturnType<LoginWithSolanaWalletParameters, AuthenticatedUser> {
  const client = useSatchelClient('useLoginWithSolanaWallet')
  const action = useAction(
    useMemo(() => actionOptions(client, 'loginWithSolanaWallet', loginWithSolanaWallet), [client]),
  )
  return { ...action, loginWithSolanaWallet: action.mutateAsync }
}
