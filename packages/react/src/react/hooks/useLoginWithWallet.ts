import { useMemo } from 'react'
import { type LoginWithWalletParameters, loginWithWallet } from '../../client/actions/loginWithWallet'
import type { AuthenticatedUser } from '../../client/types'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

/**
 * Sign-in with an existing Ethereum wallet (SIWE, EIP-4361) through its EIP-1193 provider, for example
 * one announced by EIP-6963. Rejects with FeatureNotAvailableError while the server has no SIWE routes.
 *
 * @example
 * const { loginWithWallet } = useLoginWithWallet()
 * await loginWithWallet({ provider: window.ethereum, walletClientType: 'metamask' })
 */
export function useLoginWithWallet(): {
  loginWithWallet: (parameters: LoginWithWalletParameters) => Promise<AuthenticatedUser>
} & UseActionReturnType<LoginWithWalletParameters, AuthenticatedUser> {
  const client = useSatchelClient('useLoginWithWallet')
  const action = useAction(useMemo(() => actionOptions(client, 'loginWithWallet', loginWithWallet), [client]))
  return { ...action, loginWithWallet: action.mutateAsync }
}
