// Test helpers for calls that must carry an authorization signature (wallet RPC, wallet and policy
// changes): a P-256 key made the way the SDK makes its session key, and signing as the SDK signs.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../src/identity/signedRequests/authorizationSignature'
import type { TestServer } from './harness'

/** The public URL the test servers are given, so signed URLs do not depend on inject's host. */
export const PUBLIC_URL = 'https://satchel.test'

export type P256Key = { publicJwk: JsonWebKey; privateKey: KeyObject }

export function createP256Key(): P256Key {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { x, y } = publicKey.export({ format: 'jwk' })
  if (!x || !y) throw new Error('P-256 key without coordinates')
  return { publicJwk: { kty: 'EC', crv: 'P-256', x, y }, privateKey }
}

export type SignedCallOptions = {
  key: P256Key
  body?: unknown
  /** Bearer token (the user's session) or Basic credentials (an app server with a delegated key). */
  token?: string
  basic?: { appId: string; secret: string }
  appId?: string
  headers?: Record<string, string>
  expiresInMs?: number
  /** The client's address as the server sees it. */
  ip?: string
}

let sequence = 0

/** A JSON call signed with `key` over `{version, method, url, body, headers}` (RFC 8785), as the SDK signs. */
export function signedCall(
  t: TestServer,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: SignedCallOptions,
): Promise<LightMyRequestResponse> {
  const appId = options.appId ?? options.basic?.appId ?? t.app.id
  // Each call gets its own expiry, so two identical requests are two requests, not a replay.
  sequence += 1
  const expiry = String(t.clock.now + (options.expiresInMs ?? 60_000) + sequence)
  const payload = serializeAuthorizationPayload(
    buildAuthorizationPayload({
      method,
      url: `${t.server.satchel.config.publicUrl ?? PUBLIC_URL}${path}`,
      body: options.body,
      appId,
      expiry,
    }),
  )
  const signature = sign('sha256', payload, {
    key: options.key.privateKey,
    dsaEncoding: 'ieee-p1363',
  }).toString('base64')
  const basic = options.basic
    ? {
        authorization: `Basic ${Buffer.from(`${options.basic.appId}:${options.basic.secret}`).toString('base64')}`,
      }
    : {}
  return t.call(method, path, {
    body: options.body,
    appId,
    ...(options.token ? { token: options.token } : {}),
    ...(options.basic ? { origin: null } : {}),
    ...(options.ip ? { ip: options.ip } : {}),
    headers: {
      'satchel-authorization-signature': signature,
      'satchel-request-expiry': expiry,
      ...basic,
      ...options.headers,
    },
  })
}

/** Basic credentials of an app's backend. */
export function basicAuth(appId: string, secret: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}` }
}

export type SignedInUser = { token: string; userId: string; key: P256Key; sessionId: string }

/** Email sign-in with a fresh session key bound to the session. */
export async function signInWithKey(t: TestServer, email: string, appId?: string): Promise<SignedInUser> {
  const login = await t.loginWithEmail(email, appId ? { appId } : {})
  const [claims] = login.token
    .split('.')
    .slice(1, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()))
  return { token: login.token, userId: login.user.id, key: login.key, sessionId: String(claims.sid) }
}

/** The user's primary wallet of a chain type. */
export async function createWallet(
  t: TestServer,
  token: string,
  chainType: 'ethereum' | 'solana' = 'ethereum',
): Promise<{ id: string; address: string }> {
  const response = await t.call('POST', '/api/v1/wallets', { token, body: { chain_type: chainType } })
  if (response.statusCode >= 300) throw new Error(`wallet creation failed: ${response.body}`)
  return response.json()
}

/** Enrols TOTP for the signed-in user (signed with their session key) and answers its secret (base32). */
export async function enrollTotp(t: TestServer, user: SignedInUser): Promise<string> {
  const init = await userCall(t, user, 'POST', '/api/v1/mfa/totp/init')
  const secret: string = init.json().secret
  if (!secret) throw new Error(`TOTP init failed: ${init.body}`)
  const enroll = await userCall(t, user, 'POST', '/api/v1/mfa/totp/enroll', {
    body: { code: totpCode(t, secret) },
  })
  if (enroll.statusCode !== 200) throw new Error(`TOTP enrolment failed: ${enroll.body}`)
  return secret
}

/**
 * A call as the signed-in user's own client makes it: the access token, the session key's
 * authorization signature, and (when given) the MFA token.
 */
export function userCall(
  t: TestServer,
  user: { token: string; key: P256Key },
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  {
    body,
    mfaToken,
    headers,
    appId,
    ip,
  }: {
    body?: unknown
    mfaToken?: string
    headers?: Record<string, string>
    appId?: string
    ip?: string
  } = {},
): Promise<LightMyRequestResponse> {
  return signedCall(t, method, path, {
    key: user.key,
    token: user.token,
    ...(appId ? { appId } : {}),
    ...(ip ? { ip } : {}),
    ...(body !== undefined ? { body } : {}),
    headers: { ...(mfaToken ? { 'satchel-mfa-token': mfaToken } : {}), ...headers },
  })
}

/** A fresh MFA token (the clock moves one TOTP step first, since a code works once). */
export async function verifyTotp(t: TestServer, token: string, secret: string): Promise<string> {
  t.clock.advance(30_000)
  const response = await t.call('POST', '/api/v1/mfa/totp/verify', {
    token,
    body: { code: totpCode(t, secret) },
  })
  if (response.statusCode !== 200) throw new Error(`TOTP verify failed: ${response.body}`)
  return response.json().token
}

function totpCode(t: TestServer, secret: string): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  return totp.generate({ timestamp: t.clock.now })
}
