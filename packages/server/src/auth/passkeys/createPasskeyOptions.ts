import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import {
  issuePasskeyChallenge,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  type PasskeyChallengeRecord,
} from './passkeyChallenge'
import type { RelyingParty } from './relyingParty'

/** EdDSA, ES256, RS256: what platform authenticators and security keys create, in that preference. */
export const SUPPORTED_ALGORITHM_IDS = [-8, -7, -257]

type Scope = Pick<PasskeyChallengeRecord, 'userId' | 'sessionId' | 'mode'>

export type CreateRegistrationOptionsParameters = {
  app: App
  rp: RelyingParty
  ceremony: 'register' | 'link'
  /** The name the passkey manager shows for the account (an email, a handle). */
  userName: string
  /** The user's existing passkeys, so the same authenticator is not registered twice. */
  excludeCredentials?: Array<{ credentialId: string; transports: string[] }>
} & Scope

/**
 * Options for `navigator.credentials.create()` with a fresh single-use challenge: rp = the app's name
 * and the request's hostname; a discoverable credential (`residentKey: 'required'`), so the user can
 * later sign in without typing anything; user verification required (a PIN, a fingerprint: a passkey
 * is a whole way in, or a second factor, so the device must check it is its owner, not merely that
 * someone touched it); no attestation (the server
 * trusts the key, not a vendor statement about it). The WebAuthn user handle is random: it is not
 * relied on, and an opaque value tells a stolen authenticator nothing about the account.
 *
 * @example
 * const answer = await createRegistrationOptions(ctx, { app, rp, ceremony: 'register', userName: 'Ada' })
 */
export async function createRegistrationOptions(
  ctx: ServerContext,
  { app, rp, ceremony, userName, excludeCredentials = [], ...scope }: CreateRegistrationOptionsParameters,
) {
  const { challenge, expiresAt } = await issuePasskeyChallenge(ctx, {
    ceremony,
    appId: app.id,
    rpId: rp.rpId,
    ...scope,
  })
  const options = await generateRegistrationOptions({
    rpName: app.name,
    rpID: rp.rpId,
    userName,
    userDisplayName: userName,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: excludeCredentials.map((c) => ({ id: c.credentialId, transports: c.transports })),
    // A fresh object each time: the library writes `requireResidentKey` into the one it is given.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
  })
  return { options, relying_party: rp.rpId, expires_at: new Date(expiresAt).toISOString() }
}

export type CreateAuthenticationOptionsParameters = {
  app: App
  rp: RelyingParty
  ceremony: 'authenticate' | 'mfa' | 'reauthenticate'
  /** Empty for a discoverable login (the authenticator offers its passkeys); the user's own otherwise. */
  allowCredentials?: Array<{ credentialId: string; transports: string[] }>
} & Scope

/**
 * Options for `navigator.credentials.get()` with a fresh single-use challenge; user verification
 * required, like registration.
 *
 * @example
 * const answer = await createAuthenticationOptions(ctx, { app, rp, ceremony: 'authenticate' })
 */
export async function createAuthenticationOptions(
  ctx: ServerContext,
  { app, rp, ceremony, allowCredentials = [], ...scope }: CreateAuthenticationOptionsParameters,
) {
  const { challenge, expiresAt } = await issuePasskeyChallenge(ctx, {
    ceremony,
    appId: app.id,
    rpId: rp.rpId,
    ...scope,
  })
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    userVerification: 'required',
    allowCredentials: allowCredentials.map((c) => ({ id: c.credentialId, transports: c.transports })),
  })
  return { options, relying_party: rp.rpId, expires_at: new Date(expiresAt).toISOString() }
}
