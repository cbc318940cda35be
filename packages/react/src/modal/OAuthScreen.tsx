import { useContext, useState } from 'react'
import { startOAuthLogin } from '../client/actions/loginWithOAuth'
import type { SatchelClient } from '../client/createSatchelClient'
import { OAuthReturnContext } from '../react/context'
import { describeError } from './describeError'
import { ErrorAlert } from './ErrorAlert'
import { formatProviderName } from './formatProviderName'

/**
 * One button per social provider the app offers. By redirect (the modal reopens on return with the
 * outcome), or in a popup when the app asks for one (a blocked popup redirects instead). Loaded
 * lazily with its own chunk.
 *
 * @example
 * <OAuthScreen client={client} providers={['google', 'github']} />
 */
export default function OAuthScreen({
  client,
  providers,
  popup,
}: {
  client: SatchelClient
  providers: readonly string[]
  popup?: boolean | undefined
}) {
  const returned = useContext(OAuthReturnContext)
  const [pending, setPending] = useState<string>()
  const [error, setError] = useState<string>()

  const start = (provider: string) => {
    setPending(provider)
    setError(undefined)
    // Called straight from the click: a popup may only open in the user's gesture.
    startOAuthLogin(client, { provider, popup, fromModal: true }).then(
      // A redirect leaves the page; a popup login is done and the modal closes on the new status.
      () => {
        if (popup) setPending(undefined)
      },
      (failure: unknown) => {
        setPending(undefined)
        setError(describeError(failure))
      },
    )
  }

  const finishing = returned.status === 'completing' && returned.intent !== 'link'
  return (
    <div className="satchel-methods">
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="satchel-button"
          disabled={pending !== undefined || finishing}
          onClick={() => start(provider)}
        >
          {pending === provider
            ? popup
              ? `Waiting for ${formatProviderName(provider)}…`
              : `Going to ${formatProviderName(provider)}…`
            : `Continue with ${formatProviderName(provider)}`}
        </button>
      ))}
      {pending && (
        <p className="satchel-status" role="status">
          {popup
            ? `Finish signing in with ${formatProviderName(pending)} in the window that opened.`
            : `Taking you to ${formatProviderName(pending)}…`}
        </p>
      )}
      {finishing && (
        <p className="satchel-status" role="status">
          Finishing your sign-in…
        </p>
      )}
      {returned.status === 'error' && returned.intent !== 'link' && !error && (
        <p className="satchel-error" role="alert">
          {describeError(returned.error)}
        </p>
      )}
      <ErrorAlert error={error} />
    </div>
  )
}
