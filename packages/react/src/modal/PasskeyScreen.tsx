import { useState } from 'react'
import { loginWithPasskey } from '../client/actions/loginWithPasskey'
import { signUpWithPasskey } from '../client/actions/signUpWithPasskey'
import type { SatchelClient } from '../client/createSatchelClient'
import { attempt } from './attempt'
import { ErrorAlert } from './ErrorAlert'

const canUsePasskeys = () =>
  typeof PublicKeyCredential !== 'undefined' && typeof navigator.credentials?.create === 'function'

/**
 * Passkeys in the modal: sign in with one this device (or a synced account) holds, and, when the app
 * allows it, create an account with a new one. Each wait names what the browser is asking for.
 * Loaded lazily; the WebAuthn helpers load on the first press.
 *
 * @example
 * <PasskeyScreen client={client} allowSignUp />
 */
export default function PasskeyScreen({
  client,
  allowSignUp = true,
}: {
  client: SatchelClient
  allowSignUp?: boolean | undefined
}) {
  const [pending, setPending] = useState<'login' | 'sign-up'>()
  const [error, setError] = useState<string>()

  if (!canUsePasskeys())
    return (
      <p className="satchel-error" role="alert">
        This browser cannot use passkeys. Choose another way to log in.
      </p>
    )

  const run = async (kind: 'login' | 'sign-up') => {
    setPending(kind)
    const signIn = () => (kind === 'login' ? loginWithPasskey(client) : signUpWithPasskey(client))
    if (!(await attempt(setError, signIn))) setPending(undefined)
  }

  return (
    <div className="satchel-methods">
      <p className="satchel-status">Use the fingerprint, face or screen lock of this device.</p>
      <button
        type="button"
        className="satchel-button satchel-button--primary"
        disabled={pending !== undefined}
        onClick={() => run('login')}
      >
        {pending === 'login' ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {allowSignUp && (
        <button
          type="button"
          className="satchel-button"
          disabled={pending !== undefined}
          onClick={() => run('sign-up')}
        >
          {pending === 'sign-up' ? 'Creating your passkey…' : 'Create an account with a passkey'}
        </button>
      )}
      {pending && (
        <p className="satchel-status" role="status">
          {pending === 'login'
            ? 'Choose your passkey in the browser’s prompt…'
            : 'Follow the browser’s prompt to save a new passkey…'}
        </p>
      )}
      <ErrorAlert error={error} />
    </div>
  )
}
