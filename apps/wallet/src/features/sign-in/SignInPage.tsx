import { useSatchel } from '@satchel/react'
import { lazy, Suspense, useState } from 'react'
import { useWalletConfig } from '../../app/WalletConfigContext'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { LoadingState } from '../../shared/ui/LoadingState'
import { useAppConfig } from '../../shared/useAppConfig'
import { EmailSignIn } from './EmailSignIn'
import { GuestSignIn } from './GuestSignIn'
import { PasskeySignIn } from './PasskeySignIn'
import { WalletSignIn } from './WalletSignIn'
import './sign-in.css'

// Phone parsing carries every country's number metadata: it loads when the Phone tab is opened.
const SmsSignIn = lazy(() => import('./SmsSignIn'))

type Method = 'email' | 'sms' | 'passkey' | 'wallet' | 'guest'

const labels: Record<Method, string> = {
  email: 'Email',
  sms: 'Phone',
  passkey: 'Passkey',
  wallet: 'Wallet',
  guest: 'Guest',
}
const order: readonly Method[] = ['email', 'sms', 'passkey', 'wallet', 'guest']
// The app config's names for each method: a browser wallet signs in with SIWE (Ethereum) or SIWS (Solana).
const serverNames: Record<Method, readonly string[]> = {
  email: ['email'],
  sms: ['sms'],
  passkey: ['passkey'],
  wallet: ['siwe', 'siws'],
  guest: ['guest'],
}

/**
 * Sign in (or sign up: the same steps) with every method the app enables: an email code, a text
 * message code with a country picker, a passkey, a browser wallet (Sign-In with Ethereum or Solana), or as a
 * guest. On the devnet it points to the outbox
 * where the codes land.
 */
export default function SignInPage() {
  const app = useAppConfig()
  const { outboxUrl } = useWalletConfig()
  const { signedOutReason } = useSatchel()
  const [chosen, setChosen] = useState<Method | undefined>(undefined)

  if (app.status === 'loading')
    return (
      <main className="sign-in">
        <LoadingState label="Loading sign-in options…" />
      </main>
    )
  if (app.status === 'error')
    return (
      <main className="sign-in">
        <h1>Sign in</h1>
        <ErrorMessage title="Sign-in options could not be loaded" error={app.error} onRetry={app.retry} />
      </main>
    )

  const allows = (name: string) => app.config.loginMethods.includes(name)
  const enabled = order.filter((method) => serverNames[method].some(allows))
  const method = chosen && enabled.includes(chosen) ? chosen : enabled[0]
  return (
    <main className="sign-in">
      <div className="sign-in__card card">
        <h1 className="sign-in__title">Sign in to {app.config.name}</h1>
        {signedOutReason === 'session_key_lost' ? (
          <p role="status" className="sign-in__notice">
            This browser no longer holds the key your session was tied to (its site data was cleared), so you
            were signed out. Sign in again to continue.
          </p>
        ) : null}
        <p className="muted">New here? The same steps create your account and your wallet.</p>
        {enabled.length === 0 ? (
          <ErrorMessage error={new Error('This app has no sign-in method enabled.')} />
        ) : (
          <>
            <fieldset className="segmented">
              <legend className="visually-hidden">How do you want to sign in?</legend>
              {enabled.map((option) => (
                <label key={option} className="segmented__option">
                  <input
                    type="radio"
                    name="sign-in-method"
                    value={option}
                    checked={option === method}
                    onChange={() => setChosen(option)}
                  />
                  <span className="segmented__label">{labels[option]}</span>
                </label>
              ))}
            </fieldset>
            {method === 'email' ? <EmailSignIn /> : null}
            {method === 'sms' ? (
              <Suspense fallback={<LoadingState label="Loading phone sign-in…" />}>
                <SmsSignIn />
              </Suspense>
            ) : null}
            {method === 'passkey' ? <PasskeySignIn /> : null}
            {method === 'wallet' ? <WalletSignIn ethereum={allows('siwe')} solana={allows('siws')} /> : null}
            {method === 'guest' ? <GuestSignIn /> : null}
          </>
        )}
        {app.config.mode === 'development' && outboxUrl ? (
          <p className="sign-in__dev">
            Development app: emails and texts are not sent. Read your code in the{' '}
            <a href={outboxUrl} target="_blank" rel="noreferrer">
              dev outbox
            </a>
            .
          </p>
        ) : null}
      </div>
    </main>
  )
}
