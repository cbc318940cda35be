import { LOGIN_METHODS, type LoginMethod, MFA_REQUIREMENTS, WALLETS_ON_LOGIN } from '@satchel/core/admin'

export type { LoginMethod }
/** The ways in an operator can turn on for an app (the one list, in @satchel/core/admin). */
export const loginMethods = LOGIN_METHODS

export type App = {
  id: string
  name: string
  allowedOrigins: string[]
  loginMethods: LoginMethod[]
  mode: 'development' | 'production'
  devUserLimit: number | null
  requireTerms: boolean
  cookieMode: boolean
  /** The terms the person accepts before their first login ends (`requireTerms` is true when set). */
  termsUrl: string | null
  /** When signing needs a second factor (see identity/guards/requireSigningMfa.ts). */
  mfaRequirement: MfaRequirement
  /** The embedded wallets the server makes at a person's first login. */
  walletsOnLogin: WalletsOnLogin
  /** How long a deleted user stays restorable before the prune job removes them for good. */
  deletionGraceDays: number
  /** Who may sign in at all (see identity/sessions/checkAccessLists.ts). */
  accessLists: AccessLists
  /** Per-method configuration (custom JWT issuer, OAuth providers, MFA for signing, ...). */
  settings: AppSettings
  createdAt: Date
}

export type AppSettings = {
  customJwt?: {
    jwksUrl?: string
    publicKeyPem?: string
    issuer?: string
    audience?: string
    subjectClaim?: string
  }
  [key: string]: unknown
}

export const mfaRequirements = MFA_REQUIREMENTS
/** `off`: signing never asks; `optional`: as `settings.requireMfaForSigning` says; `required_for_wallet_actions`: every user must hold and show one. */
export type MfaRequirement = (typeof mfaRequirements)[number]

export const walletsOnLoginValues = WALLETS_ON_LOGIN
export type WalletsOnLogin = (typeof walletsOnLoginValues)[number]

/** Identifiers as stored: emails and domains lower-case, phones E.164, EVM addresses lower-case. */
export type AccessList = { emails: string[]; domains: string[]; phones: string[]; walletAddresses: string[] }

/** The allowlist (only its entries may sign in, when enabled) and the denylist (never). */
export type AccessLists = { allowlist: AccessList & { enabled: boolean }; denylist: AccessList }
