import { useMemo } from 'react'
import { loginWithPasskey } from '../../client/actions/loginWithPasskey'
import type { AuthenticatedUser, LoginMode } from '../../client/types'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

type Parameters = { mode?: LoginMode | undefined } | undefined

/**
 * Sign-in with a passkey; the WebAuthn helpers load on first use. Until the server offers passkeys,
 * `loginWithPasskey` rejects with FeatureNotAvailableError (`code: 'feature_not_available'`).
 *
 * @example
 * const { loginWithPasskey, isPending } = useLoginWithPasskey()
 */
export function useLoginWithPasskey(): {
  loginWithPasskey: (parameters?: Parameters) => Promise<AuthenticatedUser>
} & UseActionReturnType<Parameters, AuthenticatedUser> {
  const client = useSatchelClient('useLoginWithPasskey')
  const action = useAction(
    useMemo(
      () => actionOptions(client, 'loginWithPasskey', (c, p: Parameters) => loginWithPasskey(c, p)),
      [client],
    ),
  )
  return { ...action, loginWithPasskey: action.mutateAsync }
}
