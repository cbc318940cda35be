import { createContext, useContext } from 'react'
import type { SatchelClient } from '../client/createSatchelClient'
import { SatchelProviderNotFoundError } from '../errors/errors'
import type { WalletConnectConfig } from '../walletconnect/dapp/getWalletConnectDapp'

/** How the login modal looks: CSS variables on its root, so an app can also override them in CSS. */
export type SatchelAppearance = {
  theme?: 'light' | 'dark' | undefined
  /** Buttons and focus rings, any CSS color. */
  accentColor?: string | undefined
  /** Shown at the top of the modal. */
  logo?: string | undefined
  /** The modal's title. Default `Log in or sign up`. */
  title?: string | undefined
}

/**
 * The modal's login methods, in the order shown. `wallet` is sign-in with a browser wallet found
 * through EIP-6963 (the app enables `siwe`); `oauth` shows one button per provider.
 */
export type ModalLoginMethod = 'email' | 'sms' | 'oauth' | 'passkey' | 'wallet' | 'guest'

export type SatchelUiConfig = {
  appearance?: SatchelAppearance | undefined
  /** Which methods the modal offers (those the app also enables). Default: every enabled one. */
  loginMethods?: readonly ModalLoginMethod[] | undefined
  /** The SMS tab's preselected country (ISO 3166 alpha-2). Default `US`. */
  defaultCountry?: string | undefined
  /** The social providers the modal offers (`google`, `github`, ...), as configured for the app on the server. */
  oauthProviders?: readonly string[] | undefined
  /** Social sign-in in a popup instead of a redirect (a blocked popup falls back to the redirect). */
  oauthPopup?: boolean | undefined
  /** The passkey screen also offers to create an account with a new passkey. Default `true`. */
  passkeySignUp?: boolean | undefined
  /** Links and signs in external wallets over WalletConnect (the modal offers it beside browser wallets). */
  walletConnect?: WalletConnectConfig | undefined
}

export type LoginModalControl = {
  /** Opens the login modal (loading its code the first time). */
  open(): void
  close(): void
  readonly isOpen: boolean
}

/** Where the return from a social login's (or link's) redirect stands (finished by the provider on load). */
export type OAuthReturnState =
  | { status: 'idle' | 'completing' | 'done'; intent?: 'login' | 'link' | undefined }
  | { status: 'error'; error: Error; intent?: 'login' | 'link' | undefined }

// One context per concern: the client rarely changes, the modal's open state often.
export const SatchelClientContext = createContext<SatchelClient | undefined>(undefined)
export const SatchelUiContext = createContext<SatchelUiConfig>({})
export const LoginModalContext = createContext<LoginModalControl | undefined>(undefined)
export const OAuthReturnContext = createContext<OAuthReturnState>({ status: 'idle' })

/**
 * The client of the nearest `<SatchelProvider>`.
 *
 * @throws {SatchelProviderNotFoundError} outside a provider.
 * @example
 * const client = useSatchelClient()
 */
export function useSatchelClient(hook = 'useSatchelClient'): SatchelClient {
  const client = useContext(SatchelClientContext)
  if (!client) throw new SatchelProviderNotFoundError({ hook })
  return client
}

/** The login modal's controls (internal to the hooks). */
export function useLoginModal(hook: string): LoginModalControl {
  const control = useContext(LoginModalContext)
  if (!control) throw new SatchelProviderNotFoundError({ hook })
  return control
}
