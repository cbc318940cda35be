import { useSatchel } from '@satchel/react'
import { lazy, Suspense } from 'react'
import { Loading } from '../shared/ui/Loading'
import { Shell } from './Shell'

const SignInPage = lazy(() => import('../features/sign-in/SignInPage'))

/**
 * What a visitor sees: a wait while the session is restored, the operator sign-in when signed out,
 * then the console.
 *
 * @example
 * <Gate />
 */
export function Gate() {
  const { status } = useSatchel()
  if (status === 'loading')
    return (
      <main className="page-center">
        <Loading label="Opening the console…" />
      </main>
    )
  if (status === 'unauthenticated')
    return (
      <Suspense
        fallback={
          <main className="page-center">
            <Loading />
          </main>
        }
      >
        <SignInPage />
      </Suspense>
    )
  return <Shell />
}
