import { ApiError } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { RelyingParty } from './relyingParty'

/** What every ceremony expects of the authenticator's answer, in @simplewebauthn/server's words. */
export type CeremonyExpectations = {
  expectedChallenge: string
  expectedOrigin: string
  expectedRPID: string
  /**
   * The UV flag must be set: a passkey made, or an assertion given, without a PIN or biometric check
   * would sign in (or pass MFA) for whoever holds the device.
   */
  requireUserVerification: true
}

const isVerified = <T extends { verified: boolean }>(result: T): result is T & { verified: true } =>
  result.verified

/**
 * Runs @simplewebauthn/server's check of a registration or an assertion against this challenge, the
 * request's origin and rpID, with user verification required. Any refusal is `invalid_credentials`;
 * the library's reason (it names the mismatching field: origin, rpID, challenge, signature...) goes
 * to the log, never to the client.
 *
 * @example
 * const { registrationInfo } = await checkCeremony(request, { challenge, rp }, { message: 'passkey registration refused' },
 *   (expected) => verifyRegistrationResponse({ response, ...expected }))
 */
export async function checkCeremony<T extends { verified: boolean }>(
  request: FastifyRequest,
  { challenge, rp }: { challenge: string; rp: RelyingParty },
  refused: { message: string; details?: Record<string, unknown>; unverified: string },
  check: (expected: CeremonyExpectations) => Promise<T>,
): Promise<T & { verified: true }> {
  let result: T
  try {
    result = await check({
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown'
    request.log.info({ ...refused.details, reason }, refused.message)
    throw new ApiError('invalid_credentials', { cause: error })
  }
  if (!isVerified(result)) {
    request.log.info({ ...refused.details, reason: refused.unverified }, refused.message)
    throw new ApiError('invalid_credentials')
  }
  return result
}
