import { useContext, useMemo } from 'react'
import { type StartOAuthLoginParameters, startOAuthLogin } from '../../client/actions/loginWithOAuth'
import { actionOptions } from '../../query/options'
import { OAuthReturnContext, type OAuthReturnState, useSatchelClient } from '../context'
import { type UseActionReturnType, useAction } from '../useAction'

/**
 * Sign-in with a social account by redirect (no popup to be blocked). When the provider sends the
 * user back, `<SatchelProvider>` finishes the login on load: `returned` tells how that went (its
 * error in words when the provider or the server refused), and the status becomes `authenticated`.
 * On a server without OAuth routes, `initOAuth` rejects with FeatureNotAvailableError
 * (`code: 'feature_not_available'`).
 *
 * @example
 * const { initOAuth, returned } = useLoginWithOAuth()
 * <button onClick={() => initOAuth({ provider: 'google' })}>Google</button>
 */
export function useLoginWithOAuth(): {
  initOAuth: (parameters: StartOAuthLoginParameters) => Promise<void>
  returned: OAuthReturnState
} & UseActionReturnType<StartOAuthLoginParameters, void> {
  const client = useSatchelClient('useLoginWithOAuth')
  const returned = useContext(OAuthReturnContext)
  const action = useAction(useMemo(() => actionOptions(client, 'startOAuthLogin', startOAuthLogin), [client]))
  return { ...action, initOAuth: action.mutateAsync, returned }
}
