import { ApiError, withRetry } from '@satchel/core'
import { SessionKeyLostError, StepUpRequiredError } from '../errors/errors'
import { createMissingWallets } from './actions/createMissingWallets'
import { type ClientRequest, createClientRequest } from './http/createClientRequest'
import { createHttpClient } from './http/createHttpClient'
import { isRecord, parseAppConfig, parseAuthenticated, parseUser, parseWalletList } from './parse'
import { endSessionWithoutKey } from './session/endSessionWithoutKey'
import { exportSessionPublicKey, getOrCreateSessionKey, type SessionPublicKey } from './session/sessionKey'
import { createDefaultSessionKeyStore, type SessionKeyStore } from './session/sessionKeyStore'
import { createStore } from './state/createStore'
import type { SatchelEvent, SatchelState } from './state/transition'
import { createTabSync, type TabMessage, type TabSync } from './tokens/createTabSync'
import { createTokenManager, isSessionEnded } from './tokens/createTokenManager'
import { createDefaultStorage, type SatchelStorage } from './tokens/storage'
import type { AppConfig, AuthenticatedUser, ChainType, SatchelUser, SatchelWallet } from './types'

export type { ClientRequest } from './http/createClientRequest'

export type CreateWalletsOnLogin = 'off' | 'users-without-wallets'

export type CreateSatchelClientParameters = {
  appId: string
  /** Where the Satchel API runs, e.g. `https://auth.example.com`. */
  serverUrl: string
  /** Where tokens are kept between page loads. Default: localStorage in a browser, memory elsewhere. */
  storage?: SatchelStorage | undefined
  /**
   * Where the refresh token lives. Default `cookie`: when the page is on the API's site
   * (app.example.com and auth.example.com, or one origin) the server keeps it in an HttpOnly cookie
   * no script can read, and only the access token is stored; if the server hands it over anyway (the
   * API is on another site), it stays in this page's memory and the session ends with the page.
   * `storage` is the explicit choice for an app whose API is on another site (or that runs framed by
   * another site): the refresh token is asked for in the answer and kept in `storage`, so a reload
   * stays signed in. Either way a refresh token alone is useless: every refresh is signed by this
   * browser's non-extractable session key.
   */
  refreshTokenStorage?: 'cookie' | 'storage' | undefined
  /** Where the session key pair is kept. Default: IndexedDB in a browser, memory elsewhere. */
  sessionKeyStore?: SessionKeyStore | undefined
  /**
   * The app keeps sessions in HttpOnly cookies (its config's `cookie_mode`): a page load then asks
   * the server who is signed in even when this browser's storage holds no session. Without it, cookie
   * mode is still learned from the first login's answer. The API must be on the app's site.
   */
  cookieMode?: boolean | undefined
  /** `users-without-wallets` creates an Ethereum wallet at login for a user who has none. Default `off`. */
  createWalletsOnLogin?: CreateWalletsOnLogin | undefined
  /**
   * With `createWalletsOnLogin`, the chain types every user gets a wallet of: at login, and on a later
   * visit (a restored session) for a user who lacks one (`['ethereum', 'solana']` gives an
   * Ethereum-only user their Solana wallet). Default `['ethereum']`.
   */
  walletChainTypes?: readonly ChainType[] | undefined
  fetch?: typeof fetch | undefined
  /** Per call. Default 20 s. */
  timeoutMs?: number | undefined
  /** The clock (tests move it). */
  now?: (() => number) | undefined
}

export type SatchelClient = {
  readonly appId: string
  readonly serverUrl: string
  readonly createWalletsOnLogin: CreateWalletsOnLogin
  readonly storage: SatchelStorage
  /** Restores a stored session (once; later calls return the same promise). Call it in the browser only. */
  start(): Promise<SatchelState>
  /** Stops timers and tab listeners; `start()` attaches them again. */
  destroy(): void
  getState(): SatchelState
  subscribe(listener: () => void): () => void
  /** Runs an event through the status machine (for actions; invalid events change nothing). */
  dispatch(event: SatchelEvent): SatchelState
  /** Undefined when signed out, and in cookie mode (the access token is an HttpOnly cookie). */
  getAccessToken(): Promise<string | undefined>
  getIdentityToken(): string | undefined
  refresh(): Promise<void>
  /**
   * Signs out here, and on the server this session or (`all: true`) every session of the user. `all`
   * is signed and may fail with `StepUpRequiredError` first, leaving this session signed in.
   */
  logout(parameters?: { all?: boolean | undefined }): Promise<void>
  request(parameters: ClientRequest): Promise<unknown>
  /** Takes the answer of any authenticate route: stores the session, signs in, creates wallets if asked. */
  completeLogin(answer: unknown, path: string): Promise<AuthenticatedUser>
  getSessionPublicKey(): Promise<SessionPublicKey>
  getAppConfig(): Promise<AppConfig>
  /** Sent as `satchel-mfa-token` on authenticated requests until it expires (unix ms). */
  setMfaToken(token: string | undefined, expiresAt?: number): void
  /**
   * The `flow_id` of the last code sent to each address from this client, which the code must be
   * entered with (see `sendEmailCode`); kept in memory only.
   */
  readonly codeFlows: Map<string, string>
}

/**
 * The framework-free Satchel client: HTTP, the session's tokens and key, and one status machine
 * (`loading -> unauthenticated | authenticated`, wallets `none | creating | ready | error`).
 * Creating it touches no browser global, so it is safe during server-side rendering.
 *
 * @example
 * const client = createSatchelClient({ appId: 'app_1', serverUrl: 'https://auth.example.com' })
 * await client.start()
 * client.getState().status // 'unauthenticated'
 */
export function createSatchelClient(parameters: CreateSatchelClientParameters): SatchelClient {
  const { appId, serverUrl } = parameters
  const now = parameters.now ?? Date.now
  const storage = parameters.storage ?? createDefaultStorage()
  const keyStore = parameters.sessionKeyStore ?? createDefaultSessionKeyStore({ name: appId })
  const refreshTokenStorage = parameters.refreshTokenStorage ?? 'cookie'
  const http = createHttpClient({
    serverUrl,
    appId,
    fetch: parameters.fetch,
    timeoutMs: parameters.timeoutMs,
    // Asks every login and refresh to answer the refresh token in the body rather than as a cookie.
    headers: refreshTokenStorage === 'storage' ? { 'satchel-refresh-token-transport': 'body' } : undefined,
  })
  const store = createStore()
  let started: Promise<SatchelState> | undefined
  let tabSync: TabSync | undefined
  let appConfig: Promise<AppConfig> | undefined
  let mfa: { token: string; expiresAt: number } | undefined

  // A login makes the key when there is none; everything after it (refresh, signatures) needs the
  // very key the session was bound to, so it never makes one.
  const sessionKey = () =>
    getOrCreateSessionKey({ store: keyStore, lockName: `satchel:${appId}:session-key` })
  const getSessionPublicKey = async () => exportSessionPublicKey(await sessionKey())
  const getSessionPrivateKey = async () => (await keyStore.load())?.privateKey

  // A refresh answers the user too: keep it when it is the one signed in (others sign in through
  // restore, login or another tab, which also load the wallets).
  function updateUser(user: SatchelUser) {
    const state = store.getState()
    if (state.status === 'authenticated' && state.user.id === user.id)
      store.dispatch({ type: 'user_updated', user })
  }

  const tokens = createTokenManager({
    appId,
    storage,
    refreshTokenStorage,
    http,
    now,
    getSessionKey: () => keyStore.load(),
    onUser: updateUser,
    onEnded: (reason) => store.dispatch({ type: 'logged_out', ...(reason ? { reason } : {}) }),
    onSaved: () => tabSync?.post({ type: 'session_changed' }),
  })

  const request = createClientRequest({
    http,
    tokens,
    now,
    getSessionPrivateKey: async () => {
      const key = await getSessionPrivateKey()
      if (key) return key
      await endWithoutKey()
      throw new SessionKeyLostError()
    },
    getMfa: () => mfa,
  })

  const endWithoutKey = () => endSessionWithoutKey({ http, tokens, dispatch: store.dispatch })

  async function fetchUser(): Promise<SatchelUser> {
    const answer = await request({ method: 'GET', path: '/api/v1/users/me', auth: true })
    return parseUser(isRecord(answer) ? answer.user : undefined, '/api/v1/users/me')
  }

  async function fetchWallets(): Promise<SatchelWallet[]> {
    try {
      return parseWalletList(
        await request({ method: 'GET', path: '/api/v1/wallets', auth: true }),
        '/api/v1/wallets',
      )
    } catch (error) {
      // A server without wallet routes: the user simply has no embedded wallet.
      if (error instanceof ApiError && error.code === 'not_found') return []
      throw error
    }
  }

  const fetchUserAndWallets = () => Promise.all([fetchUser(), fetchWallets()])

  async function restore(): Promise<SatchelState> {
    let session = await tokens.load()
    // Cookie mode: the HttpOnly cookies may hold a session this storage never saw; /users/me knows.
    if (!session && parameters.cookieMode) {
      session = { cookie: true }
      tokens.assume(session)
    }
    if (!session) return store.dispatch({ type: 'no_session' })
    if (!(await getSessionPrivateKey())) {
      await endWithoutKey()
      return store.getState()
    }
    try {
      const [user, wallets] = await withRetry(fetchUserAndWallets, { retries: 2, delayMs: 500 })
      if (session.cookie) await tokens.save(tokens.current() ?? session)
      store.dispatch({ type: 'session_restored', user, wallets })
      // A chain type the app asks for since this user signed up is made on this visit, not awaited:
      // the restored session is usable at once.
      if (parameters.createWalletsOnLogin === 'users-without-wallets' && parameters.walletChainTypes)
        void createMissingWallets(client, { wallets, chainTypes: parameters.walletChainTypes })
    } catch (error) {
      if (isSessionEnded(error)) await tokens.clear()
      // Offline or a server error: show signed out for now, but keep the tokens so a reload can retry.
      store.dispatch({ type: 'no_session' })
    }
    return store.getState()
  }

  function onMessage(message: TabMessage) {
    if (message.type === 'logged_out') {
      // The other tab also dropped the session key this tab's session is bound to.
      void tokens.clear().then(() => store.dispatch({ type: 'logged_out' }))
      return
    }
    // Another tab signed in or rotated the tokens: take them; fetch the user if this tab had none.
    void tokens
      .load()
      .then(async (session) => {
        if (!session || store.getState().status === 'authenticated') return
        const [user, wallets] = await fetchUserAndWallets()
        store.dispatch({ type: 'logged_in', user, wallets })
      })
      .catch(() => {})
  }

  const walletChainTypes = parameters.walletChainTypes ?? ['ethereum']

  async function completeLogin(answer: unknown, path: string): Promise<AuthenticatedUser> {
    const parsed = parseAuthenticated(answer, path)
    await tokens.save(parsed.session)
    const wallets = await fetchWallets()
    store.dispatch({ type: 'logged_in', user: parsed.user, wallets })
    // The user is signed in whatever happens here; a failure shows as wallets `error`.
    if (parameters.createWalletsOnLogin === 'users-without-wallets')
      await createMissingWallets(client, { wallets, chainTypes: walletChainTypes })
    return { user: parsed.user, isNewUser: parsed.isNewUser }
  }

  async function logout({ all = false }: { all?: boolean | undefined } = {}) {
    const session = tokens.current()
    let failure: unknown
    try {
      if (session && all) {
        // Every session of the user ends: signed with the session key (a stolen token must not sign
        // the owner out of every device), with a fresh second factor when the user has one.
        await request({
          method: 'POST',
          path: '/api/v1/sessions/logout_all',
          body: {},
          auth: true,
          signed: {},
        })
      } else if (session) {
        await http({
          method: 'POST',
          path: '/api/v1/sessions/logout',
          // Cookie mode: the server reads the refresh cookie, and clears both cookies.
          body: session.refreshToken ? { refreshToken: session.refreshToken } : {},
        })
      }
    } catch (error) {
      // Still signed in here: the person confirms it is them (StepUpRequiredError), then retries.
      if (error instanceof StepUpRequiredError) throw error
      failure = error
    }
    // Signed out here whatever the server said: the user asked to leave.
    await tokens.clear()
    await keyStore.clear()
    mfa = undefined
    store.dispatch({ type: 'logged_out' })
    tabSync?.post({ type: 'logged_out' })
    if (all && failure) throw failure
  }

  const client: SatchelClient = {
    appId,
    serverUrl,
    createWalletsOnLogin: parameters.createWalletsOnLogin ?? 'off',
    storage,
    start: () => {
      // After a destroy (React's strict mode mounts twice) a second start re-attaches the tab listener
      // and the refresh timer; the session itself is restored once.
      tabSync ??= createTabSync({
        channel: `satchel:${appId}`,
        storageKey: `satchel:${appId}:session`,
        onMessage,
      })
      if (started) tokens.resume()
      started ??= restore()
      return started
    },
    destroy() {
      tokens.stop()
      tabSync?.close()
      tabSync = undefined
    },
    getState: store.getState,
    subscribe: store.subscribe,
    dispatch: store.dispatch,
    getAccessToken: () => tokens.getAccessToken(),
    getIdentityToken: () => tokens.current()?.identityToken,
    refresh: () => tokens.refresh(),
    logout,
    request,
    completeLogin,
    getSessionPublicKey,
    getAppConfig() {
      appConfig ??= http({ method: 'GET', path: `/api/v1/apps/${encodeURIComponent(appId)}` }).then(
        (answer) => parseAppConfig(answer, '/api/v1/apps/:app_id'),
        (error: unknown) => {
          appConfig = undefined
          throw error
        },
      )
      return appConfig
    },
    setMfaToken(token, expiresAt = now() + 15 * 60_000) {
      mfa = token ? { token, expiresAt } : undefined
    },
    codeFlows: new Map(),
  }
  return client
}
