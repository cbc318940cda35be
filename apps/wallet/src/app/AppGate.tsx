import { useSatchel } from '@satchel/react'
import { lazy, Suspense } from 'react'
import { UnlockPrompt } from '../shared/recovery/UnlockPrompt'
import { ErrorMessage } from '../shared/ui/ErrorMessage'
import { LoadingState } from '../shared/ui/LoadingState'
import { useAppConfig } from '../shared/useAppConfig'
import { ErrorBoundary } from './ErrorBoundary'
import { Shell } from './Shell'

const SignInPage = lazy(() => import('../features/sign-in/SignInPage'))
const TermsGate = lazy(() => import('../features/sign-in/TermsGate'))

/**
 * What a visitor sees: a wait while the session is restored, sign-in when signed out, the app's terms
 * when it requires them and they are not accepted yet, then the wallet.
 *
 * @example
 * <SatchelProvider ...><AppGate /></SatchelProvider>
 */
export function AppGate() {
  const { status, user } = useSatchel()
  const app = useAppConfig()
  if (status === 'loading' || (status === 'authenticated' && app.status === 'loading'))
    return (
      <div className="page-center">
        <LoadingState label="Opening your wallet…" />
      </div>
    )
  if (status === 'unauthenticated')
    return (
      <ErrorBoundary>
        <Suspense
          fallback={
            <div className="page-center">
              <LoadingState />
            </div>
          }
        >
          <SignInPage />
        </Suspense>
      </ErrorBoundary>
    )
  if (app.status === 'error')
    return (
      <main className="page-center">
        <ErrorMessage title="The app's settings could not be loaded" error={app.error} onRetry={app.retry} />
      </main>
    )
  if (app.status === 'ready' && app.config.requireTerms && user && !user.hasAcceptedTerms)
    return (
      <ErrorBoundary>
        <Suspense fallback={<LoadingState />}>
          <TermsGate appName={app.config.name} />
        </Suspense>
      </ErrorBoundary>
    )
  return (
    <UnlockPrompt>
      <Shell />
    </UnlockPrompt>
  )
}
