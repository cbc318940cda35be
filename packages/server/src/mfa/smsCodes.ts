import type { ServerContext } from '../identity/context'
import { issueCode, verifyCode } from '../identity/otp/verificationCodes'

/** An SMS code either enrols a new number or verifies the enrolled one; a code of one is no use for the other. */
export type MfaSmsPurpose = 'enroll' | 'verify'

// MFA codes live in the login codes' table under their own channel, keyed by the user rather than
// the number: a code texted as a second factor can never be spent as a login code for that phone.
const CHANNEL = 'mfa_sms'

/** Who a code is for: the user, and the session that asked (only it can enter the code). */
export type MfaSmsCodeOwner = { appId: string; userId: string; sessionId: string }

// A code belongs to the session that asked for it: a thief holding one of the user's sessions can
// spend only the tries of codes texted to that session, never burn the one the owner is typing on
// another device. The hash binds the app, user, session, purpose and phone.
const addressOf = (owner: MfaSmsCodeOwner, purpose: MfaSmsPurpose, phone: string) => {
  const identifier = `${owner.userId}:${owner.sessionId}:${purpose}`
  return {
    address: { appId: owner.appId, channel: CHANNEL, identifier },
    binding: [CHANNEL, owner.appId, identifier, phone],
  }
}

/**
 * Issues a 6-digit MFA code for a session and purpose, replacing that session's earlier one.
 *
 * @example
 * const code = await issueMfaSmsCode(ctx, { appId, userId, sessionId }, 'verify', '+14155552671')
 */
export async function issueMfaSmsCode(
  ctx: ServerContext,
  owner: MfaSmsCodeOwner,
  purpose: MfaSmsPurpose,
  phone: string,
): Promise<string> {
  const { address, binding } = addressOf(owner, purpose, phone)
  return (await issueCode(ctx, address, binding, { replace: true })).code
}

/**
 * Checks an MFA code exactly like a login code (the same module): 10 minutes, the fifth wrong try
 * burns it, and a right code works once. Only the session the code was texted for can enter it.
 *
 * @example
 * await verifyMfaSmsCode(ctx, { appId, userId, sessionId }, 'verify', method.phone, '123456')
 */
export async function verifyMfaSmsCode(
  ctx: ServerContext,
  owner: MfaSmsCodeOwner,
  purpose: MfaSmsPurpose,
  phone: string,
  code: string,
): Promise<void> {
  const { address, binding } = addressOf(owner, purpose, phone)
  await verifyCode(ctx, address, binding, code)
}
