import { ApiError, BaseError } from '@satchel/core'

/**
 * A Satchel hook was called in a component that has no `<SatchelProvider>` above it.
 *
 * @example
 * throw new SatchelProviderNotFoundError({ hook: 'useSatchel' })
 */
export class SatchelProviderNotFoundError extends BaseError {
  override name = 'SatchelProviderNotFoundError'

  constructor({ hook }: { hook: string }) {
    super(`${hook} must be used inside <SatchelProvider>`, {
      details:
        'Wrap your app (or the part that uses Satchel) in <SatchelProvider appId="..." serverUrl="...">.',
      docsPath: '/react/provider',
    })
  }
}

/**
 * The server this app talks to does not offer this feature yet (its route answers `not_found`).
 * `code` is stable so an app can hide the button instead of showing an error.
 *
 * @example
 * throw new FeatureNotAvailableError({ feature: 'Sign-in with a passkey' })
 */
export class FeatureNotAvailableError extends BaseError {
  override name = 'FeatureNotAvailableError'
  readonly code = 'feature_not_available'
  readonly feature: string

  constructor({ feature, cause }: { feature: string; cause?: unknown }) {
    super(`${feature} is not available on this server yet`, { cause, docsPath: '/react/features' })
    this.feature = feature
  }
}

/**
 * An action that needs a signed-in user was called while nobody is signed in.
 *
 * @example
 * throw new NotAuthenticatedError({ action: 'signMessage' })
 */
export class NotAuthenticatedError extends BaseError {
  override name = 'NotAuthenticatedError'
  readonly code = 'must_be_authenticated'

  constructor({ action }: { action: string }) {
    super('User must be authenticated', { details: `${action} needs a signed-in user.` })
  }
}

/**
 * This browser no longer has the session key the session was bound to at sign-in (its site data was
 * cleared, or the key store was replaced): the session can neither refresh nor sign, since a new key
 * would not be the session's. The SDK ends the session; the user signs in again, which makes a new key.
 *
 * @example
 * throw new SessionKeyLostError()
 */
export class SessionKeyLostError extends BaseError {
  override name = 'SessionKeyLostError'
  readonly code = 'session_key_lost'

  constructor({ cause }: { cause?: unknown } = {}) {
    super('Sign in again on this device', {
      details:
        'The session key this browser signed in with is gone (its site data was cleared), and the session cannot be used without it.',
      cause,
    })
  }
}

/**
 * No embedded wallet of the user matches the one asked for.
 *
 * @example
 * throw new WalletNotFoundError({ wallet: '0xabc...' })
 */
export class WalletNotFoundError extends BaseError {
  override name = 'WalletNotFoundError'
  readonly code = 'embedded_wallet_not_found'

  constructor({ wallet }: { wallet?: string | undefined } = {}) {
    super('Embedded wallet not found', {
      details: wallet
        ? `No embedded wallet of the signed-in user is ${wallet}.`
        : 'The signed-in user has no embedded wallet.',
    })
  }
}

/**
 * The server answered with a body that does not have the expected shape (a proxy's error page, a
 * server of another version). The path is named; the body is not, since it could hold a token.
 *
 * @example
 * throw new UnexpectedResponseError({ path: '/api/v1/users/me', field: 'user.id' })
 */
export class UnexpectedResponseError extends BaseError {
  override name = 'UnexpectedResponseError'

  constructor({ path, field }: { path: string; field: string }) {
    super('Unexpected answer from the server', { details: `${path}: missing or invalid "${field}".` })
  }
}

/** What the server asks for before a custody change: a second factor, or a login method proved again. */
export type StepUpReason = 'mfa' | 'reauthentication'

/**
 * The server refused a sensitive action (export, linking or unlinking, MFA, recovery, signers,
 * policies, logging out everywhere) until the person confirms it is them, then retry it:
 * - `reason: 'mfa'` (`missing_or_invalid_mfa`): verify a second factor (`verifyMfa`,
 *   `verifyPasskeyMfa`);
 * - `reason: 'reauthentication'` (`reauthentication_required`, users without MFA): prove a login
 *   method again within 5 minutes (`reauthenticateWithEmail`, `...WithSms`, `...WithPasskey`,
 *   `...WithWallet`; `getStepUpMethods(user)` lists what this user can use).
 * It is an `ApiError` with that code, so code that branches on `code` keeps working.
 *
 * @example
 * try { await exportWallet(client) } catch (error) {
 *   if (error instanceof StepUpRequiredError) showConfirmItsYou(error.reason)
 * }
 */
export class StepUpRequiredError extends ApiError {
  override name = 'StepUpRequiredError'
  readonly reason: StepUpReason

  constructor({ error }: { error: ApiError }) {
    super(error.code, { message: error.shortMessage, cause: error })
    this.reason = error.code === 'missing_or_invalid_mfa' ? 'mfa' : 'reauthentication'
  }
}
