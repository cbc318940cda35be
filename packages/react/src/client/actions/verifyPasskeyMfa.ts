import { MFA_VERIFICATION_TTL_SECONDS } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { readString } from '../parse'
import { requireFeature } from './requireFeature'
import { toPasskeyRequestOptions } from './toPasskeyRequestOptions'

const init = '/api/v1/mfa/passkeys/init'

/**
 * Passes passkey MFA before a sensitive action: the server's challenge for the user's enrolled
 * passkeys, the browser's passkey prompt, then `/api/v1/mfa/passkeys/verify`. The client then sends
 * the MFA token with requests for the next 15 minutes. The WebAuthn helpers load only now.
 *
 * @example
 * await verifyPasskeyMfa(client)
 * await exportWallet(client)
 */
export async function verifyPasskeyMfa(client: SatchelClient): Promise<void> {
  const feature = 'Passkeys as a second factor'
  const options = await requireFeature(feature, () =>
    client.request({ method: 'POST', path: init, body: {}, auth: true }),
  )
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const response = await startAuthentication({
    optionsJSON: toPasskeyRequestOptions(options, init, { verifyUser: true }),
  })
  const path = '/api/v1/mfa/passkeys/verify'
  // The authenticator's answer is signed data: sent exactly as the browser produced it.
  const answer = await client.request({
    method: 'POST',
    path,
    body: { authenticatorResponse: verbatim(response) },
    auth: true,
  })
  client.setMfaToken(readString(answer, 'token', path), Date.now() + MFA_VERIFICATION_TTL_SECONDS * 1000)
}
