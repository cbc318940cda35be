import { ApiError } from '@satchel/core'
import {
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import { SUPPORTED_ALGORITHM_IDS } from './createPasskeyOptions'
import { type PasskeyChallengeRecord, takePasskeyChallenge } from './passkeyChallenge'
import type { NewPasskeyCredential } from './passkeyCredentials'
import type { RelyingParty } from './relyingParty'

export type VerifyPasskeyRegistrationParameters = {
  app: App
  rp: RelyingParty
  response: RegistrationResponseJSON
  ceremony: 'register' | 'link'
  /** The signed-in user and session of a link ceremony. */
  userId?: string
  sessionId?: string
}

/**
 * Checks an authenticator's registration answer: its challenge is taken first (single use), then
 * @simplewebauthn/server checks the signed clientDataJSON (type `webauthn.create`, this challenge, the
 * request's origin), the authenticator data (SHA-256 of this rpID, user present and verified) and the
 * attestation.
 * Any failure is `invalid_credentials`; the reason goes to the log, not to the client.
 *
 * @example
 * const { credential } = await verifyPasskeyRegistration(ctx, request, { app, rp, response, ceremony: 'register' })
 */
export async function verifyPasskeyRegistration(
  ctx: ServerContext,
  request: FastifyRequest,
  { app, rp, response, ceremony, userId, sessionId }: VerifyPasskeyRegistrationParameters,
): Promise<{ credential: NewPasskeyCredential; record: PasskeyChallengeRecord }> {
  const { challenge, record } = await takePasskeyChallenge(ctx, response.response.clientDataJSON, {
    ceremony,
    app,
    rp,
    userId,
    sessionId,
  })
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      // The UV flag must be set: a passkey made without a PIN or biometric check would later sign in
      // (or pass MFA) for whoever holds the device.
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    })
  } catch (error) {
    request.log.info({ reason: reasonOf(error) }, 'passkey registration refused')
    throw new ApiError('invalid_credentials', { cause: error })
  }
  if (!verification.verified) {
    request.log.info({ reason: 'not verified' }, 'passkey registration refused')
    throw new ApiError('invalid_credentials')
  }
  const info = verification.registrationInfo
  return {
    record,
    credential: {
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: (response.response.transports ?? []).filter(isTransport),
      aaguid: info.aaguid,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    },
  }
}

const TRANSPORTS: readonly string[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb']
const isTransport = (t: string): t is AuthenticatorTransport => TRANSPORTS.includes(t)

/** The library's reason (it names the mismatching field: origin, rpID, challenge, signature...). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown'
}
