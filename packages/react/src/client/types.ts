/** A way the user has proved to be themselves (email, phone, wallet, social account, passkey, ...). */
export type LinkedAccount = {
  /** `email`, `phone`, `wallet`, `google_oauth`, `passkey`, `guest`, `custom_auth`, ... */
  readonly type: string
  /** Seconds since the epoch. */
  readonly verifiedAt: number
  readonly firstVerifiedAt: number
  /** The type's own public fields, camelCased (`address`, `number`, `chainType`, ...). */
  readonly [field: string]: unknown
}

/** The signed-in user as the SDK holds it. Times are seconds since the epoch, as the API sends them. */
export type SatchelUser = {
  readonly id: string
  readonly createdAt: number
  readonly hasAcceptedTerms: boolean
  readonly isGuest: boolean
  readonly linkedAccounts: readonly LinkedAccount[]
  readonly mfaMethods: readonly string[]
}

/** Which chain family a wallet signs for. */
export type ChainType = 'ethereum' | 'solana'

/** One embedded wallet of the signed-in user. */
export type SatchelWallet = {
  readonly id: string
  readonly address: string
  readonly chainType: ChainType
  /** Milliseconds since the epoch, when known. */
  readonly createdAt?: number | undefined
}

/** What every authenticate route and a refresh answer. */
export type AuthenticatedUser = {
  readonly user: SatchelUser
  readonly isNewUser: boolean
}

/** The app's public configuration (`GET /api/v1/apps/:app_id`). */
export type AppConfig = {
  readonly id: string
  readonly name: string
  readonly mode: 'development' | 'production'
  readonly loginMethods: readonly string[]
  readonly requireTerms: boolean
  readonly cookieMode: boolean
  /** The social providers configured for the app, when the server lists them (`oauth_providers`). */
  readonly oauthProviders: readonly string[]
}

/** The tokens of a session, as stored between page loads. */
export type StoredSession =
  /**
   * The access token, and the refresh token when the server handed it to the page (the API is on
   * another site); without one, the refresh token is an HttpOnly cookie of the API the page cannot read.
   */
  | {
      readonly token: string
      readonly refreshToken?: string | undefined
      readonly identityToken?: string | undefined
      readonly cookie?: undefined
    }
  /**
   * A cookie-mode app: the access and refresh tokens live in HttpOnly cookies the page cannot read;
   * the SDK keeps only this marker (and the identity token, whose expiry matches the access token's).
   */
  | {
      readonly cookie: true
      readonly identityToken?: string | undefined
      readonly token?: undefined
      readonly refreshToken?: undefined
    }

/** `login-or-sign-up` creates a user on first login; `no-signup` answers `user_does_not_exist`. */
export type LoginMode = 'login-or-sign-up' | 'no-signup'
