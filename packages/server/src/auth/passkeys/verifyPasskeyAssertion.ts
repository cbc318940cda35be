import { ApiError } from '@satchel/core'
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import { writeAudit } from '../../platform/audit/writeAudit'
import { checkCeremony } from './checkCeremony'
import { type PasskeyChallengeRecord, takePasskeyChallenge } from './passkeyChallenge'
import { findPasskeyCredential, type PasskeyCredential, recordPasskeyUse } from './passkeyCredentials'
import type { RelyingParty } from './relyingParty'

export type VerifyPasskeyAssertionParameters = {
  app: App
  rp: RelyingParty
  response: AuthenticationResponseJSON
  ceremony: 'authenticate' | 'mfa' | 'reauthenticate'
  /**
   * MFA and reauthentication: the signed-in user and session (and for MFA the credentials that count
   * as their second factor).
   */
  userId?: string
  sessionId?: string
  allowedCredentialIds?: readonly string[]
}

/**
 * Checks a passkey assertion and returns the credential (and so the user) it proves:
 * 1. the challenge is taken (single use) before anything else;
 * 2. the credential must be one a user of this app holds (`invalid_credentials` otherwise), and for
 *    MFA one of the signed-in user's enrolled passkeys;
 * 3. @simplewebauthn/server checks clientDataJSON (type `webauthn.get`, the challenge, the request's
 *    origin), the rpID hash, user presence AND verification (the UV flag: the authenticator checked a
 *    PIN or biometric; an assertion without it is refused), and the ECDSA/EdDSA/RSA signature over
 *    authenticatorData || SHA-256(clientDataJSON) with the stored public key;
 * 4. the signature counter must rise (unless it is 0 before and after, as synced passkeys keep it):
 *    a counter that does not is refused and logged as a possible cloned authenticator;
 * 5. the new counter and the time of use are stored.
 * Every refusal after step 1 is `invalid_credentials`.
 *
 * @example
 * const credential = await verifyPasskeyAssertion(ctx, request, { app, rp, response, ceremony: 'authenticate' })
 */
export async function verifyPasskeyAssertion(
  ctx: ServerContext,
  request: FastifyRequest,
  parameters: VerifyPasskeyAssertionParameters,
): Promise<{ credential: PasskeyCredential; record: PasskeyChallengeRecord }> {
  const { app, rp, response, ceremony, userId, allowedCredentialIds } = parameters
  const { challenge, record } = await takePasskeyChallenge(ctx, response.response.clientDataJSON, parameters)
  const credentialId = response.id.replace(/=+$/, '')
  const credential = await findPasskeyCredential(ctx, app.id, credentialId)
  if (!credential) {
    request.log.info({ credential_id: credentialId }, 'passkey assertion refused: unknown credential')
    throw new ApiError('invalid_credentials')
  }
  if (
    (userId !== undefined && credential.userId !== userId) ||
    (allowedCredentialIds !== undefined && !allowedCredentialIds.includes(credentialId))
  ) {
    request.log.info({ credential_id: credentialId }, 'passkey assertion refused: not an enrolled passkey')
    throw new ApiError('invalid_credentials')
  }

  const verification = await checkCeremony(
    request,
    { challenge, rp },
    {
      message: 'passkey assertion refused',
      details: { credential_id: credentialId },
      unverified: 'bad signature',
    },
    (expected) =>
      verifyAuthenticationResponse({
        response,
        ...expected,
        // The stored counter is judged below, AFTER the signature: given 0 here the library skips its
        // own counter check, so a counter refusal is only ever about a genuine signature (a real
        // clone), never about a forged request that merely claims an old counter.
        credential: {
          id: credential.credentialId,
          publicKey: credential.publicKey,
          counter: 0,
          transports: credential.transports,
        },
      }),
  )

  const { newCounter, credentialBackedUp } = verification.authenticationInfo
  if ((newCounter > 0 || credential.counter > 0) && newCounter <= credential.counter) {
    // Two devices hold the same private key: the other copy has signed more times than this one.
    request.log.warn(
      {
        app_id: app.id,
        user_id: credential.userId,
        credential_id: credentialId,
        stored: credential.counter,
        received: newCounter,
      },
      'passkey signature counter did not increase: possible cloned authenticator',
    )
    await writeAudit(ctx.db, {
      appId: app.id,
      userId: credential.userId,
      action: 'passkey.counter_not_increased',
      outcome: 'denied',
      details: { credential_id: credentialId, stored: credential.counter, received: newCounter, ceremony },
    })
    throw new ApiError('invalid_credentials')
  }
  if (
    !(await recordPasskeyUse(ctx, app.id, credentialId, {
      counter: newCounter,
      backedUp: credentialBackedUp,
    }))
  )
    throw new ApiError('invalid_credentials')
  return { credential: { ...credential, counter: newCounter, backedUp: credentialBackedUp }, record }
}
