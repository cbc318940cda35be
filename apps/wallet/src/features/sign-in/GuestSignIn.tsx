import { actionOptions, loginAsGuest, useAction, useSatchel } from '@satchel/react'
import { useMemo } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * Try the wallet as a guest: this browser keeps the guest account until the user links an email,
 * a phone or a passkey in Settings.
 *
 * @example
 * <GuestSignIn />
 */
export function GuestSignIn() {
  const { client } = useSatchel()
  // The SDK has the action but no hook for it; its useAction gives the same pending/error state.
  const guest = useAction(useMemo(() => actionOptions(client, 'loginAsGuest', loginAsGuest), [client]))
  return (
    <div>
      <p>
        A guest account lives in this browser only. Link an email, a phone or a passkey in Settings to keep
        it.
      </p>
      {guest.error ? <ErrorMessage error={guest.error} /> : null}
      <button
        type="button"
        className="button button--block"
        disabled={guest.isPending}
        onClick={() => guest.mutate(undefined)}
      >
        {guest.isPending ? 'Signing in…' : 'Continue as guest'}
      </button>
    </div>
  )
}
