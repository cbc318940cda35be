import type { SatchelUser } from '../types'

/** A login method the user can prove again to confirm it is them. */
export type ReauthenticationMethod =
  | { type: 'email'; email: string }
  | { type: 'phone'; phoneNumber: string }
  | { type: 'passkey' }
  | { type: 'wallet'; address: string }

export type StepUpMethods = {
  /** The user's second factors: with any, a step-up is always a fresh MFA verification. */
  mfa: ReadonlyArray<'totp' | 'sms' | 'passkey'>
  /**
   * Without MFA, the login methods the SDK can prove again (`reauthenticateWith...`). Empty for a
   * guest, or a user who signed in only with a social account, Telegram, Farcaster or the app's own
   * JWT: they sign in again instead (a session started less than 5 minutes ago counts).
   */
  reauthenticate: readonly ReauthenticationMethod[]
}

/**
 * How this user can satisfy a step-up (`StepUpRequiredError`): their second factors, else the login
 * methods they can prove again, from the user the client already holds.
 *
 * @example
 * const { mfa, reauthenticate } = getStepUpMethods(user)
 * if (mfa.length === 0 && reauthenticate[0]?.type === 'email') await sendEmailCode(client, reauthenticate[0])
 */
export function getStepUpMethods(user: SatchelUser): StepUpMethods {
  const mfa = user.mfaMethods.filter(
    (method): method is 'totp' | 'sms' | 'passkey' =>
      method === 'totp' || method === 'sms' || method === 'passkey',
  )
  const reauthenticate: ReauthenticationMethod[] = []
  for (const account of user.linkedAccounts) {
    if (account.type === 'email' && typeof account.address === 'string')
      reauthenticate.push({ type: 'email', email: account.address })
    else if (account.type === 'phone' && typeof account.number === 'string')
      reauthenticate.push({ type: 'phone', phoneNumber: account.number })
    else if (account.type === 'passkey' && !reauthenticate.some((method) => method.type === 'passkey'))
      reauthenticate.push({ type: 'passkey' })
    else if (
      account.type === 'wallet' &&
      account.chainType !== 'solana' &&
      typeof account.address === 'string'
    )
      reauthenticate.push({ type: 'wallet', address: account.address })
  }
  return { mfa, reauthenticate }
}
