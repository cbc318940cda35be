import { type LoginWithWalletParameters, loginWithWallet } from '../../client/actions/loginWithWallet'
import type { AuthenticatedUser } from '../../client/types'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Return = NamedActionReturnType<'loginWithWallet', LoginWithWalletParameters, AuthenticatedUser>

/**
 * Sign-in with an existing Ethereum wallet (SIWE, EIP-4361) through its EIP-1193 provider, for example
 * one announced by EIP-6963. Rejects with FeatureNotAvailableError while the server has no SIWE routes.
 *
 * @example
 * const { loginWithWallet } = useLoginWithWallet()
 * await loginWithWallet({ provider: window.ethereum, walletClientType: 'metamask' })
 */
export function useLoginWithWallet(): Return {
  return useNamedAction('useLoginWithWallet', 'loginWithWallet', loginWithWallet)
}
