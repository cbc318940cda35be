import { loginWithPasskey } from '../../client/actions/loginWithPasskey'
import type { AuthenticatedUser, LoginMode } from '../../client/types'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Parameters = { mode?: LoginMode | undefined } | undefined

type Return = NamedActionReturnType<'loginWithPasskey', Parameters, AuthenticatedUser>

/**
 * Sign-in with a passkey; the WebAuthn helpers load on first use. Until the server offers passkeys,
 * `loginWithPasskey` rejects with FeatureNotAvailableError (`code: 'feature_not_available'`).
 *
 * @example
 * const { loginWithPasskey, isPending } = useLoginWithPasskey()
 */
export function useLoginWithPasskey(): Return {
  return useNamedAction('useLoginWithPasskey', 'loginWithPasskey', loginWithPasskey)
}
