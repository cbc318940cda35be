import { type SignUpWithPasskeyParameters, signUpWithPasskey } from '../../client/actions/signUpWithPasskey'
import type { AuthenticatedUser } from '../../client/types'
import { type NamedActionReturnType, useNamedAction } from '../useNamedAction'

type Parameters = SignUpWithPasskeyParameters | undefined

type Return = NamedActionReturnType<'signUpWithPasskey', Parameters, AuthenticatedUser>

/**
 * Creates an account with a new passkey (the app must enable passkeys); the WebAuthn helpers load on
 * first use, and the status becomes `authenticated` like any login.
 *
 * @example
 * const { signUpWithPasskey, isPending, error } = useSignUpWithPasskey()
 * <button onClick={() => signUpWithPasskey()}>Create an account with a passkey</button>
 */
export function useSignUpWithPasskey(): Return {
  return useNamedAction('useSignUpWithPasskey', 'signUpWithPasskey', signUpWithPasskey)
}
