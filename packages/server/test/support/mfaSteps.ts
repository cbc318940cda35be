import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { TestServer } from '../harness'
import { createP256Key, type P256Key, userCall } from '../walletRequests'

/** One TOTP time step. */
export const STEP_MS = 30_000

/**
 * The MFA tests' steps against a test server (read through `server()`, as it starts in `beforeAll`):
 * sign-ins whose session keys are remembered, signed calls, TOTP codes at the server's clock, and
 * TOTP enrolment and verification.
 *
 * @example
 * const { signIn, post, withTotp } = createMfaSteps(() => t)
 */
export function createMfaSteps(server: () => TestServer) {
  /** Each signed-in session's key, by its access token: the client that holds a token signs with its key. */
  const keys = new Map<string, P256Key>()

  /** The code an authenticator app shows for this secret at the server's (test) time. */
  const totpCode = (secret: string, at = server().clock.now): string =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at })

  /** A 6-digit code that is not valid for this secret anywhere in the ±1 step window. */
  const wrongTotpCode = (secret: string): string => {
    const valid = new Set([-1, 0, 1].map((d) => totpCode(secret, server().clock.now + d * STEP_MS)))
    for (const candidate of ['000000', '111111', '222222', '333333'])
      if (!valid.has(candidate)) return candidate
    throw new Error('unreachable')
  }

  const signIn = async (email: string) => {
    const login = await server().loginWithEmail(email)
    keys.set(login.token, login.key)
    return login
  }

  /** A call as the session's own client makes it: the access token, signed with the session key. */
  const post = (url: string, token: string, options: { body?: unknown; mfa?: string } = {}) =>
    userCall(server(), { token, key: keys.get(token) ?? createP256Key() }, 'POST', url, {
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.mfa ? { mfaToken: options.mfa } : {}),
    })

  /** Signs in, enrols TOTP, and moves past the enrolment code's time step. */
  const withTotp = async (email: string) => {
    const login = await signIn(email)
    const init = await post('/api/v1/mfa/totp/init', login.token)
    expect(init.statusCode).toBe(200)
    const { secret } = init.json()
    const enroll = await post('/api/v1/mfa/totp/enroll', login.token, { body: { code: totpCode(secret) } })
    expect(enroll.statusCode).toBe(200)
    server().clock.advance(STEP_MS)
    return {
      token: login.token,
      userId: login.user.id,
      secret,
      backupCodes: enroll.json().backup_codes as string[] | undefined,
    }
  }

  const verifyTotp = async (token: string, secret: string): Promise<string> => {
    const r = await post('/api/v1/mfa/totp/verify', token, { body: { code: totpCode(secret) } })
    expect(r.statusCode).toBe(200)
    server().clock.advance(STEP_MS) // the next code is a new one
    return r.json().token
  }

  return { totpCode, wrongTotpCode, signIn, post, withTotp, verifyTotp }
}
