import { ApiError, decodeToken } from '@satchel/core'
import { SessionKeyLostError } from '../../errors/errors'
import type { HttpClient } from '../http/createHttpClient'
import { parseAuthenticated, parseStoredSession } from '../parse'
import { exportSessionPublicKey } from '../session/sessionKey'
import { REQUEST_EXPIRY_MS, signRequest } from '../session/signRequest'
import type { SatchelUser, StoredSession } from '../types'
import { getRefreshDelay } from './getRefreshDelay'
import { runExclusive } from './runExclusive'
import type { SatchelStorage } from './storage'

export type TokenManager = {
  /** The session in memory (what this tab uses). */
  current(): StoredSession | undefined
  /** Reads the stored session into memory and schedules its refresh. */
  load(): Promise<StoredSession | undefined>
  /**
   * Keeps a session the server just issued: memory, storage (unless it holds a refresh token the app
   * did not choose to store), clock skew, next refresh.
   */
  save(session: StoredSession): Promise<void>
  /** Forgets the session here and in storage. */
  clear(): Promise<void>
  /** Holds a session in memory only (a cookie session this browser's storage does not know of yet). */
  assume(session: StoredSession): void
  /**
   * The access token, refreshed first when it is about to expire; undefined when signed out, and in
   * cookie mode (the token is in an HttpOnly cookie the browser sends by itself).
   */
  getAccessToken(): Promise<string | undefined>
  /** Rotates the tokens now: one refresh at a time across tabs. */
  refresh(): Promise<void>
  /** Milliseconds since the epoch on the server's clock (as learned from the tokens it issues). */
  serverNow(): number
  /** Cancels the scheduled refresh. */
  stop(): void
  /** Schedules the refresh of the session in memory again. */
  resume(): void
}

/** Why a session ended without the user asking: this browser lost the session key it was bound to. */
export type SessionEndReason = 'session_key_lost'

export type CreateTokenManagerParameters = {
  appId: string
  storage: SatchelStorage
  /**
   * `storage`: a refresh token handed to the page is kept in `storage` too. Otherwise (the default)
   * only sessions whose refresh token is an HttpOnly cookie are stored; one handed over in the answer
   * stays in this page's memory and ends with it.
   */
  refreshTokenStorage: 'cookie' | 'storage'
  http: HttpClient
  now: () => number
  /** The session's key pair if this browser still has it; never a new one (it would not match). */
  getSessionKey: () => Promise<CryptoKeyPair | undefined>
  /** A refresh answered with the user (possibly changed since). */
  onUser: (user: SatchelUser) => void
  /**
   * The server no longer knows the session (revoked, expired, logged out elsewhere), or this browser
   * lost its key (`reason`).
   */
  onEnded: (reason?: SessionEndReason) => void
  /** Another tab must re-read the stored tokens. */
  onSaved: () => void
}

/** A refresh failure that means the session is over, rather than that the network hiccupped. */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof SessionKeyLostError ||
    (error instanceof ApiError &&
      (error.code === 'missing_or_invalid_token' ||
        error.code === 'must_be_authenticated' ||
        error.code === 'user_does_not_exist' ||
        error.code === 'user_suspended'))
  )
}

// In cookie mode the access token is out of reach; the identity token is minted with it, with the
// same lifetime, so its times stand in for the access token's.
const timedToken = (session: StoredSession) => session.token ?? session.identityToken

// What tells one rotation of a session from the next (a refresh token is spent by its rotation; each
// rotation mints a new access token too, for a refresh token kept in a cookie).
const generation = (session: StoredSession | undefined) =>
  session?.refreshToken ?? session?.token ?? session?.identityToken

function tokenTimes(token: string | undefined): { issuedAt: number; expiresAt: number } | undefined {
  if (token === undefined) return undefined
  try {
    const { iat, exp } = decodeToken(token)
    return typeof exp === 'number'
      ? { issuedAt: (iat ?? exp - 3600) * 1000, expiresAt: exp * 1000 }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The session's tokens: kept in storage, refreshed shortly before expiry, and rotated by one tab at a
 * time. Each refresh is signed by the session key (the server refuses a refresh token alone), and a
 * browser that lost that key ends the session ({@link SessionKeyLostError}) instead of retrying.
 * Refresh tokens are single-use (the server forgives two tabs racing for a few seconds, not more), so
 * the refresh runs under a cross-tab lock and first re-reads storage: if another tab already rotated,
 * its tokens are taken instead of spending the old one again. The refresh token itself is stored only
 * when the app chose `refreshTokenStorage: 'storage'`: by default it is an HttpOnly cookie that no
 * script can read, or it lives in this page's memory.
 *
 * @example
 * const tokens = createTokenManager({ appId, storage, refreshTokenStorage: 'cookie', http, now: Date.now, getSessionPrivateKey, onUser, onEnded, onSaved })
 */
export function createTokenManager(parameters: CreateTokenManagerParameters): TokenManager {
  const { appId, storage, http, now } = parameters
  const storageKey = `satchel:${appId}:session`
  let session: StoredSession | undefined
  // A session whose refresh token the page holds but may not store: this page's only copy.
  let pageOnly: StoredSession | undefined
  let skewMs = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: Promise<void> | undefined

  const serverNow = () => now() + skewMs
  const needsRefresh = (current: StoredSession) => {
    const times = tokenTimes(timedToken(current))
    // A cookie session whose expiry is unknown refreshes when the server refuses it, not before.
    if (!times) return !current.cookie
    return getRefreshDelay({ ...times, now: serverNow() }) === 0
  }

  function schedule() {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const times = session && tokenTimes(timedToken(session))
    if (!times) return
    timer = setTimeout(
      () => {
        timer = undefined
        // A failure here is seen again (and reported) by the next call that needs a token.
        refresh().catch(() => {})
      },
      getRefreshDelay({ ...times, now: serverNow() }),
    )
    // In Node (tests, SSR) a pending refresh must not keep the process alive.
    if (typeof timer === 'object' && timer !== null && 'unref' in timer) timer.unref()
  }

  async function adopt(next: StoredSession | undefined) {
    session = next
    schedule()
  }

  async function save(next: StoredSession) {
    const times = tokenTimes(timedToken(next))
    // The token was issued moments ago by the server: its iat tells this device's clock error.
    if (times) {
      const skew = times.issuedAt - now()
      skewMs = Math.abs(skew) > 2_000 ? skew : 0
    }
    if (next.refreshToken !== undefined && parameters.refreshTokenStorage !== 'storage') {
      pageOnly = next
      // Only when there is one: removing nothing would still tell other tabs (storage event) of a logout.
      if ((await storage.getItem(storageKey)) !== null) await storage.removeItem(storageKey)
    } else {
      pageOnly = undefined
      await storage.setItem(storageKey, JSON.stringify(next))
    }
    await adopt(next)
    parameters.onSaved()
  }

  const read = async () => parseStoredSession(await storage.getItem(storageKey)) ?? pageOnly

  async function end(reason?: SessionEndReason) {
    await clear()
    parameters.onEnded(reason)
  }

  async function rotate(spent: string | undefined) {
    const stored = await read()
    if (!stored) {
      // Logged out in another tab while this one waited for the lock.
      await adopt(undefined)
      parameters.onEnded()
      return
    }
    if (generation(stored) !== spent && !needsRefresh(stored)) {
      await adopt(stored)
      return
    }
    // A new key would not match the one the session is bound to: without the old one (site data
    // cleared) the user must sign in again, and says so once rather than failing every refresh.
    const pair = await parameters.getSessionKey()
    if (!pair) {
      await end('session_key_lost')
      throw new SessionKeyLostError()
    }
    try {
      const answer = await http({
        method: 'POST',
        path: '/api/v1/sessions',
        body: {
          // Otherwise the refresh token is the HttpOnly cookie scoped to this path.
          ...(stored.refreshToken ? { refreshToken: stored.refreshToken } : {}),
          // Naming the key that signs lets the server check and rotate in one statement.
          sessionPublicKey: await exportSessionPublicKey(pair),
        },
        sign: ({ method, url, body }) =>
          signRequest({
            privateKey: pair.privateKey,
            appId,
            method,
            url,
            body,
            expiry: serverNow() + REQUEST_EXPIRY_MS,
          }),
      })
      const parsed = parseAuthenticated(answer, '/api/v1/sessions')
      await save(parsed.session)
      parameters.onUser(parsed.user)
    } catch (error) {
      // The key this browser holds is not the session's (another key replaced it in this browser).
      if (error instanceof ApiError && error.code === 'invalid_authorization_signature') {
        await end('session_key_lost')
        throw new SessionKeyLostError({ cause: error })
      }
      if (isSessionEnded(error)) await end()
      throw error
    }
  }

  function refresh(): Promise<void> {
    // One refresh per tab at a time; the lock makes it one per origin.
    inFlight ??= runExclusive(`satchel:${appId}:refresh`, () => rotate(generation(session))).finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  async function clear() {
    pageOnly = undefined
    await adopt(undefined)
    await storage.removeItem(storageKey)
  }

  return {
    current: () => session,
    async load() {
      await adopt(await read())
      return session
    },
    save,
    clear,
    assume: (next) => void adopt(next),
    async getAccessToken() {
      if (session && needsRefresh(session)) await refresh()
      return session?.token
    },
    refresh,
    serverNow,
    stop() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
    resume: schedule,
  }
}
