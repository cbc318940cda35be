import { useLoginWithPasskey, useSignUpWithPasskey } from '@satchel/react'
import { canUsePasskeys } from '../../shared/passkeys/canUsePasskeys'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * Sign in with a passkey this device (or a synced account) holds, or create a new account with one.
 *
 * @example
 * <PasskeySignIn />
 */
export function PasskeySignIn() {
  const login = useLoginWithPasskey()
  const signUp = useSignUpWithPasskey()
  if (!canUsePasskeys())
    return <p className="notice notice--warning">This browser cannot use passkeys. Choose another way in.</p>
  const pending = login.isPending || signUp.isPending
  const error = login.error ?? signUp.error
  return (
    <div>
      <p>Use the fingerprint, face or screen lock of this device. No code to type.</p>
      {error ? <ErrorMessage error={error} /> : null}
      <div className="sign-in__stack">
        <button
          type="button"
          className="button button--block"
          disabled={pending}
          onClick={() => {
            signUp.reset()
            login.mutate(undefined)
          }}
        >
          {login.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={pending}
          onClick={() => {
            login.reset()
            signUp.mutate(undefined)
          }}
        >
          {signUp.isPending ? 'Creating your passkey…' : 'Create an account with a passkey'}
        </button>
      </div>
    </div>
  )
}
