/** What a verified access token says: who is signed in, in which session, for which app. */
export type AccessTokenClaims = {
  /** The user's id (`sub`). */
  readonly userId: string
  /** The session the token belongs to (`sid`); it ends at logout or when the session is revoked. */
  readonly sessionId: string
  /** The app the token was issued for (`aud`). */
  readonly appId: string
  readonly issuer: string
  /** Seconds since the epoch. */
  readonly issuedAt: number
  /** Seconds since the epoch; the token is refused from this second on. */
  readonly expiresAt: number
}

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

/** What a verified identity token says: the user and the accounts linked to them. */
export type IdentityTokenClaims = {
  readonly userId: string
  readonly appId: string
  readonly issuer: string
  readonly issuedAt: number
  readonly expiresAt: number
  readonly linkedAccounts: readonly LinkedAccount[]
}
