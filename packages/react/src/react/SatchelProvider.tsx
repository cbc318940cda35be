import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import {
  type CreateWalletsOnLogin,
  createSatchelClient,
  type SatchelClient,
} from '../client/createSatchelClient'
import type { SatchelStorage } from '../client/tokens/storage'
import type { ChainType } from '../client/types'
import {
  LoginModalContext,
  type LoginModalControl,
  OAuthReturnContext,
  type OAuthReturnState,
  SatchelClientContext,
  type SatchelUiConfig,
  SatchelUiContext,
} from './context'

// The modal's code is a separate chunk, fetched the first time `login()` is called.
const LoginModal = lazy(() => import('../modal/LoginModal'))

export type SatchelProviderConfig = SatchelUiConfig & {
  /** `users-without-wallets` creates an Ethereum wallet at login for a user who has none. Default `off`. */
  createWalletsOnLogin?: CreateWalletsOnLogin | undefined
  /** With `createWalletsOnLogin`, the chain types every user gets a wallet of. Default `['ethereum']`. */
  walletChainTypes?: readonly ChainType[] | undefined
  /** Where tokens are kept. Default: localStorage. */
  storage?: SatchelStorage | undefined
  /**
   * `storage` for an app whose API is on another site: keep the refresh token in `storage` (see
   * `createSatchelClient`'s `refreshTokenStorage`). Default `cookie`.
   */
  refreshTokenStorage?: 'cookie' | 'storage' | undefined
  /** The app keeps sessions in HttpOnly cookies (see `createSatchelClient`'s `cookieMode`). */
  cookieMode?: boolean | undefined
}

export type SatchelProviderProps = {
  appId: string
  /** Where the Satchel API runs, e.g. `https://auth.example.com`. */
  serverUrl: string
  config?: SatchelProviderConfig | undefined
  /** A client made with `createSatchelClient` (to share it with non-React code); overrides the rest. */
  client?: SatchelClient | undefined
  children?: ReactNode
}

/**
 * Gives Satchel's hooks their client and hosts the login modal. Safe in server-side rendering: the
 * session is restored in an effect, so the server and the first browser render both say `loading`.
 * The client is made once; to switch apps, remount with a different `key`.
 *
 * @example
 * <SatchelProvider appId="app_1" serverUrl="https://auth.example.com" config={{ createWalletsOnLogin: 'users-without-wallets' }}>
 *   <App />
 * </SatchelProvider>
 */
export function SatchelProvider({
  appId,
  serverUrl,
  config = {},
  client: given,
  children,
}: SatchelProviderProps) {
  const [client] = useState(
    () =>
      given ??
      createSatchelClient({
        appId,
        serverUrl,
        createWalletsOnLogin: config.createWalletsOnLogin,
        walletChainTypes: config.walletChainTypes,
        storage: config.storage,
        refreshTokenStorage: config.refreshTokenStorage,
        cookieMode: config.cookieMode,
      }),
  )
  const [isOpen, setOpen] = useState(false)
  const [oauthReturn, setOAuthReturn] = useState<OAuthReturnState>({ status: 'idle' })

  useEffect(() => {
    void client.start()
    // Back from a social login or link this tab started: finish it (the code is loaded only then),
    // keep the outcome for useLoginWithOAuth to show, and reopen the modal a login started from, so
    // the person sees the wait and any error where they left it.
    if (typeof sessionStorage !== 'undefined' && sessionStorage.getItem(`satchel:${client.appId}:oauth`)) {
      let intent: 'login' | 'link' | undefined
      import('../client/oauth/completeOAuthReturn')
        .then(({ completeOAuthReturn }) =>
          completeOAuthReturn(client, {
            onStart: (pending) => {
              intent = pending.intent
              setOAuthReturn({ status: 'completing', intent })
              if (pending.fromModal) setOpen(true)
            },
          }),
        )
        .then(
          (result) => setOAuthReturn(result ? { status: 'done', intent } : { status: 'idle' }),
          (error: unknown) =>
            setOAuthReturn({
              status: 'error',
              intent,
              error: error instanceof Error ? error : new Error(String(error)),
            }),
        )
    }
    return () => client.destroy()
  }, [client])

  const modal = useMemo<LoginModalControl>(
    () => ({ open: () => setOpen(true), close: () => setOpen(false), isOpen }),
    [isOpen],
  )
  const {
    appearance,
    loginMethods,
    defaultCountry,
    oauthProviders,
    oauthPopup,
    passkeySignUp,
    walletConnect,
  } = config
  const ui = useMemo<SatchelUiConfig>(
    () => ({
      appearance,
      loginMethods,
      defaultCountry,
      oauthProviders,
      oauthPopup,
      passkeySignUp,
      walletConnect,
    }),
    [appearance, loginMethods, defaultCountry, oauthProviders, oauthPopup, passkeySignUp, walletConnect],
  )

  return (
    <SatchelClientContext.Provider value={client}>
      <SatchelUiContext.Provider value={ui}>
        <LoginModalContext.Provider value={modal}>
          {/* The modal reads it too: a login it started shows its outcome there on return. */}
          <OAuthReturnContext.Provider value={oauthReturn}>
            {children}
            {isOpen && (
              <Suspense fallback={<LoadingModal />}>
                <LoginModal onClose={modal.close} />
              </Suspense>
            )}
          </OAuthReturnContext.Provider>
        </LoginModalContext.Provider>
      </SatchelUiContext.Provider>
    </SatchelClientContext.Provider>
  )
}

/** Shown while the modal's code loads: a wait is always visible. */
function LoadingModal() {
  return (
    <div
      role="status"
      style={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        background: 'rgba(0,0,0,.4)',
        color: '#fff',
        zIndex: 2147483000,
      }}
    >
      Loading…
    </div>
  )
}
