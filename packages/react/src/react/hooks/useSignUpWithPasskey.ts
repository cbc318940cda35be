import { useMemo } from 'react'
import { type SignUpWithPasskeyParameters, signUpWithPasskey } from '../../client/actions/signUpWithPasskey'
import type { AuthenticatedUser } from '../../client/types'
import { actionOptions } from '../../query/options'
import { useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

type Parameters = SignUpWithPasskeyParameters | undefined

/**
 * Creates an account with a new passkey (the app must enable passkeys); the WebAuthn helpers load on
 * first use, and the status becomes `authenticated` like any login.
 *
 * @example
 * const { signUpWithPasskey, isPending, error } = useSignUpWithPasskey()
 * <button onClick={() => signUpWithPasskey()}>Create an account with a passkey</button>
 */
export function useSignUpWithPasskey(): {
  signUpWithPasskey: (parameters?: Parameters) => Promise<AuthenticatedUser>
} & UseActionReturnType<Parameters, AuthenticatedUser> {
  const client = useSatchelClient('useSignUpWithPasskey')
  const action = useAction(
    useMemo(
      () => actionOptions(client, 'signUpWithPasskey', (c, p: Parameters) => signUpWithPasskey(c, p)),
      [client],
    ),
  )
  return { ...action, signUpWithPasskey: action.mutateAsync }
}
