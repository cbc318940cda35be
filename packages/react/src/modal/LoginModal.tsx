import { lazy, type ReactNode, Suspense, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { createWallet } from '../client/actions/createWallet'
import { loginAsGuest } from '../client/actions/loginAsGuest'
import type { AppConfig } from '../client/types'
import { type ModalLoginMethod, SatchelUiContext, useSatchelClient } from '../react/context'
import { attempt } from './attempt'
import type { CodeLoginStep } from './CodeLoginScreen'
import { Dialog } from './Dialog'
import { describeError } from './describeError'
import { EmailScreen } from './EmailScreen'
import { ErrorAlert } from './ErrorAlert'
import { css, themeStyle } from './styles'

// Phone metadata is the heaviest part of the modal: it loads only when the SMS screen opens.
const SmsScreen = lazy(() => import('./SmsScreen'))
// Each other way in is its own chunk too, so opening the modal stays light.
const OAuthScreen = lazy(() => import('./OAuthScreen'))
const PasskeyScreen = lazy(() => import('./PasskeyScreen'))
const WalletScreen = lazy(() => import('./WalletScreen'))
// The WalletConnect client and the QR encoder come only with this screen.
const WalletConnectScreen = lazy(() => import('./WalletConnectScreen'))
// The app config's names for each modal method (`wallet` is Sign-In with Ethereum or with Solana).
const serverMethods = (method: ModalLoginMethod): string[] =>
  method === 'wallet' ? ['siwe', 'siws'] : [method]
const loading = (what: string) => (
  <p className="satchel-status" role="status">
    Loading {what}…
  </p>
)

/**
 * The login modal: the app's enabled methods (email, SMS, guest), each wait and each error shown.
 * Loaded lazily by `<SatchelProvider>` the first time `login()` is called.
 */
export default function LoginModal({ onClose }: { onClose: () => void }) {
  const client = useSatchelClient('useLogin')
  const {
    appearance,
    loginMethods,
    defaultCountry,
    oauthProviders,
    oauthPopup,
    passkeySignUp,
    walletConnect,
  } = useContext(SatchelUiContext)
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState)
  const [config, setConfig] = useState<AppConfig>()
  const [configError, setConfigError] = useState<string>()
  const [screen, setScreen] = useState<'start' | 'sms' | 'passkey' | 'wallet' | 'walletconnect'>('start')
  const [guest, setGuest] = useState<'idle' | 'pending'>('idle')
  const [error, setError] = useState<string>()
  const [emailStep, setEmailStep] = useState<CodeLoginStep>('address')

  const loadConfig = () => {
    setConfigError(undefined)
    client.getAppConfig().then(setConfig, (failure: unknown) => setConfigError(describeError(failure)))
  }
  useEffect(loadConfig, [client])

  const signedIn = state.status === 'authenticated'
  const walletStatus = signedIn ? state.wallets.status : undefined
  useEffect(() => {
    // Done once signed in, unless a wallet is still being made or failed (that is shown first).
    if (signedIn && walletStatus !== 'creating' && walletStatus !== 'error') onClose()
  }, [signedIn, walletStatus, onClose])

  const providers = oauthProviders ?? config?.oauthProviders ?? []
  const enabled = (
    loginMethods ?? (['email', 'sms', 'oauth', 'passkey', 'wallet', 'guest'] satisfies ModalLoginMethod[])
  ).filter(
    (method) =>
      serverMethods(method).some((name) => config?.loginMethods.includes(name)) &&
      (method !== 'oauth' || providers.length > 0),
  )
  const continueAsGuest = async () => {
    setGuest('pending')
    if (!(await attempt(setError, () => loginAsGuest(client)))) setGuest('idle')
  }

  let body: ReactNode
  if (walletStatus === 'creating')
    body = (
      <p className="satchel-status" role="status">
        Creating your wallet…
      </p>
    )
  else if (state.status === 'authenticated' && state.wallets.status === 'error') {
    body = (
      <>
        <p className="satchel-error" role="alert">
          Your wallet could not be created: {describeError(state.wallets.error)}
        </p>
        <div className="satchel-row">
          <button
            type="button"
            className="satchel-button satchel-button--primary"
            onClick={() => createWallet(client).catch(() => {})}
          >
            Try again
          </button>
          <button type="button" className="satchel-button" onClick={onClose}>
            Close
          </button>
        </div>
      </>
    )
  } else if (configError) {
    body = (
      <>
        <p className="satchel-error" role="alert">
          {configError}
        </p>
        <button type="button" className="satchel-button" onClick={loadConfig}>
          Try again
        </button>
      </>
    )
  } else if (!config)
    body = (
      <p className="satchel-status" role="status">
        Loading sign-in options…
      </p>
    )
  else if (enabled.length === 0)
    body = (
      <p className="satchel-error" role="alert">
        No login method is enabled for this app.
      </p>
    )
  else if (screen === 'passkey' || screen === 'wallet') {
    body = (
      <>
        <Suspense fallback={loading(screen === 'passkey' ? 'passkeys' : 'wallets')}>
          {screen === 'passkey' ? (
            <PasskeyScreen client={client} allowSignUp={passkeySignUp} />
          ) : (
            <WalletScreen
              client={client}
              ethereum={config?.loginMethods.includes('siwe') === true}
              solana={config?.loginMethods.includes('siws') === true}
            />
          )}
        </Suspense>
        {screen === 'wallet' && walletConnect && (
          <button type="button" className="satchel-button" onClick={() => setScreen('walletconnect')}>
            WalletConnect (a wallet on your phone)
          </button>
        )}
        <button type="button" className="satchel-link" onClick={() => setScreen('start')}>
          Other ways to log in
        </button>
      </>
    )
  } else if (screen === 'walletconnect' && walletConnect) {
    body = (
      <>
        <Suspense fallback={loading('WalletConnect')}>
          <WalletConnectScreen client={client} config={walletConnect} />
        </Suspense>
        <button type="button" className="satchel-link" onClick={() => setScreen('wallet')}>
          Other wallets
        </button>
      </>
    )
  } else if (screen === 'sms') {
    body = (
      <>
        <Suspense
          fallback={
            <p className="satchel-status" role="status">
              Loading phone sign-in…
            </p>
          }
        >
          <SmsScreen client={client} defaultCountry={defaultCountry} />
        </Suspense>
        <button type="button" className="satchel-link" onClick={() => setScreen('start')}>
          Other ways to log in
        </button>
      </>
    )
  } else {
    body = (
      <>
        {enabled.includes('email') && <EmailScreen client={client} onStep={setEmailStep} />}
        {enabled.includes('email') && enabled.length > 1 && emailStep !== 'code' && (
          <p className="satchel-divider">or</p>
        )}
        <div className="satchel-methods" hidden={emailStep === 'code'}>
          {enabled.includes('oauth') && (
            <Suspense fallback={loading('social sign-in')}>
              <OAuthScreen client={client} providers={providers} popup={oauthPopup} />
            </Suspense>
          )}
          {enabled.includes('passkey') && (
            <button type="button" className="satchel-button" onClick={() => setScreen('passkey')}>
              Continue with a passkey
            </button>
          )}
          {enabled.includes('wallet') && (
            <button type="button" className="satchel-button" onClick={() => setScreen('wallet')}>
              Continue with a wallet
            </button>
          )}
          {enabled.includes('sms') && (
            <button type="button" className="satchel-button" onClick={() => setScreen('sms')}>
              Continue with SMS
            </button>
          )}
          {enabled.includes('guest') && (
            <button
              type="button"
              className="satchel-button"
              onClick={continueAsGuest}
              disabled={guest === 'pending'}
            >
              {guest === 'pending' ? 'Signing in as guest…' : 'Continue as guest'}
            </button>
          )}
        </div>
        {guest === 'pending' && (
          <p className="satchel-status" role="status">
            Signing in as guest…
          </p>
        )}
        <ErrorAlert error={error} />
      </>
    )
  }

  return (
    <Dialog title={appearance?.title ?? 'Log in or sign up'} onClose={onClose} style={themeStyle(appearance)}>
      <style>{css}</style>
      {appearance?.logo && <img className="satchel-logo" src={appearance.logo} alt="" />}
      {body}
    </Dialog>
  )
}
