import {
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import { checkCeremony } from './checkCeremony'
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
 * attestation ({@link checkCeremony}: any failure is `invalid_credentials`, its reason logged).
 *
 * @example
 * const { credential } = await verifyPasskeyRegistration(ctx, request, { app, rp, response, ceremony: 'register' })
 */
export async function verifyPasskeyRegistration(
  ctx: ServerContext,
  request: FastifyRequest,
  parameters: VerifyPasskeyRegistrationParameters,
): Promise<{ credential: NewPasskeyCredential; record: PasskeyChallengeRecord }> {
  const { rp, response } = parameters
  const { challenge, record } = await takePasskeyChallenge(ctx, response.response.clientDataJSON, parameters)
  const verification = await checkCeremony(
    request,
    { challenge, rp },
    { message: 'passkey registration refused', unverified: 'not verified' },
    (expected) =>
      verifyRegistrationResponse({ response, ...expected, supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS }),
  )
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
