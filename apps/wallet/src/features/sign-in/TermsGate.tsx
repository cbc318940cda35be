import { acceptTerms, actionOptions, useAction, useLogout, useSatchel } from '@satchel/react'
import { useId, useMemo, useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import './sign-in.css'

/**
 * Shown after sign-in when the app requires its terms and the user has not accepted them yet: accept
 * to continue, or log out.
 */
export default function TermsGate({ appName }: { appName: string }) {
  const { client } = useSatchel()
  const { logout } = useLogout()
  const accept = useAction(useMemo(() => actionOptions(client, 'acceptTerms', acceptTerms), [client]))
  const [checked, setChecked] = useState(false)
  const id = useId()
  return (
    <main className="sign-in">
      <div className="sign-in__card card">
        <h1 className="sign-in__title">Before you continue</h1>
        <p>{appName} asks you to accept its terms of service and privacy policy to use the wallet.</p>
        <div className="sign-in__check">
          <input
            id={id}
            type="checkbox"
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          <label htmlFor={id}>I accept the terms of service and the privacy policy</label>
        </div>
        {accept.error ? <ErrorMessage error={accept.error} /> : null}
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={!checked || accept.isPending}
            onClick={() => accept.mutate(undefined)}
          >
            {accept.isPending ? 'Saving…' : 'Continue'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void logout().catch(() => {})}
          >
            Log out
          </button>
        </div>
      </div>
    </main>
  )
}
