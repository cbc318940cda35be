import { UnexpectedResponseError } from '../errors/errors'
import type {
  AppConfig,
  AuthenticatedUser,
  ChainType,
  LinkedAccount,
  SatchelUser,
  SatchelWallet,
  StoredSession,
} from './types'

// Answers from the server are untrusted input: each field is checked here, once, and the rest of the
// SDK trusts the types. (Hand-written rather than zod: this code ships in every app's first load.)

/** A plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fail(path: string, field: string): never {
  throw new UnexpectedResponseError({ path, field })
}

/** A 0x-prefixed hex string (a signature, a hash, signed bytes). */
export function isHex(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
}

/** `value[field]` as a string, or an UnexpectedResponseError naming the route and field. */
export function readString(value: unknown, field: string, path: string): string {
  const found = isRecord(value) ? value[field] : undefined
  return typeof found === 'string' ? found : fail(path, field)
}

function readNumber(value: Record<string, unknown>, field: string, path: string): number {
  const found = value[field]
  return typeof found === 'number' ? found : fail(path, field)
}

function readBoolean(value: Record<string, unknown>, field: string, path: string): boolean {
  const found = value[field]
  return typeof found === 'boolean' ? found : fail(path, field)
}

/** A user object (already camelCased). */
export function parseUser(value: unknown, path: string): SatchelUser {
  if (!isRecord(value)) return fail(path, 'user')
  const accounts = Array.isArray(value.linkedAccounts)
    ? value.linkedAccounts
    : fail(path, 'user.linkedAccounts')
  const mfa = Array.isArray(value.mfaMethods) ? value.mfaMethods : []
  return {
    id: readString(value, 'id', path),
    createdAt: readNumber(value, 'createdAt', path),
    hasAcceptedTerms: readBoolean(value, 'hasAcceptedTerms', path),
    isGuest: readBoolean(value, 'isGuest', path),
    linkedAccounts: accounts.map((account): LinkedAccount => {
      if (!isRecord(account) || typeof account.type !== 'string')
        return fail(path, 'user.linkedAccounts.type')
      return {
        ...account,
        type: account.type,
        verifiedAt: typeof account.verifiedAt === 'number' ? account.verifiedAt : 0,
        firstVerifiedAt: typeof account.firstVerifiedAt === 'number' ? account.firstVerifiedAt : 0,
      }
    }),
    mfaMethods: mfa.filter((method): method is string => typeof method === 'string'),
  }
}

/**
 * An AuthenticatedUser answer: the user, and the session to keep. A cookie-mode app answers both
 * tokens as null (they travel as HttpOnly cookies): the session is then the cookie marker.
 */
export function parseAuthenticated(
  value: unknown,
  path: string,
): AuthenticatedUser & { session: StoredSession } {
  if (!isRecord(value)) return fail(path, 'body')
  const { token, refreshToken, identityToken } = value
  const identity = typeof identityToken === 'string' ? { identityToken } : {}
  let session: StoredSession
  if (typeof token === 'string' && typeof refreshToken === 'string')
    session = { token, refreshToken, ...identity }
  // The refresh token was set as an HttpOnly cookie instead.
  else if (typeof token === 'string' && refreshToken === null) session = { token, ...identity }
  else if (token === null && refreshToken === null) session = { cookie: true, ...identity }
  else return fail(path, 'token')
  return { user: parseUser(value.user, path), isNewUser: value.isNewUser === true, session }
}

function isChainType(value: unknown): value is ChainType {
  return value === 'ethereum' || value === 'solana'
}

/** A wallet as `POST /api/v1/wallets` answers it (`created_at` in unix ms). */
export function parseWallet(value: unknown, path: string): SatchelWallet {
  if (!isRecord(value)) return fail(path, 'body')
  const chainType = isChainType(value.chainType) ? value.chainType : fail(path, 'chain_type')
  return {
    id: readString(value, 'id', path),
    address: readString(value, 'address', path),
    chainType,
    ...(typeof value.createdAt === 'number' ? { createdAt: value.createdAt } : {}),
  }
}

/** The `{data: [wallet]}` answer of `GET /api/v1/wallets`. */
export function parseWalletList(value: unknown, path: string): SatchelWallet[] {
  const list = isRecord(value) && Array.isArray(value.data) ? value.data : fail(path, 'data')
  return list.map((wallet) => parseWallet(wallet, path))
}

/** The public app configuration. */
export function parseAppConfig(value: unknown, path: string): AppConfig {
  if (!isRecord(value)) return fail(path, 'body')
  const methods = Array.isArray(value.loginMethods) ? value.loginMethods : fail(path, 'login_methods')
  return {
    id: readString(value, 'id', path),
    name: readString(value, 'name', path),
    mode: value.mode === 'production' ? 'production' : 'development',
    loginMethods: methods.filter((method): method is string => typeof method === 'string'),
    requireTerms: value.requireTerms === true,
    cookieMode: value.cookieMode === true,
    oauthProviders: Array.isArray(value.oauthProviders)
      ? value.oauthProviders.filter((provider): provider is string => typeof provider === 'string')
      : [],
  }
}

/** A stored session read back from storage (which another script on the page could have written). */
export function parseStoredSession(raw: string | null): StoredSession | undefined {
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (!isRecord(value)) return undefined
    const identity = typeof value.identityToken === 'string' ? { identityToken: value.identityToken } : {}
    if (value.cookie === true) return { cookie: true, ...identity }
    if (typeof value.token !== 'string') return undefined
    const refresh = typeof value.refreshToken === 'string' ? { refreshToken: value.refreshToken } : {}
    return { token: value.token, ...refresh, ...identity }
  } catch {
    return undefined
  }
}
