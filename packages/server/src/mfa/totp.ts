import { ApiError, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@satchel/core'
import { Secret, TOTP } from 'otpauth'
import type { ServerContext } from '../context'
import { open } from '../crypto/seal'
import type { MfaMethod } from './mfaMethods'

// RFC 6238 with the parameters every authenticator app understands: HMAC-SHA1, 6 digits, 30 s.
const PERIOD_SECONDS = 30
const DIGITS = 6
/** One step either side, so a code typed as the 30 s boundary passes (or a phone clock a little off). */
const WINDOW = 1

/** The associated data a user's TOTP secret is sealed under: a secret copied onto another user fails to open. */
export function totpSecretAad(userId: string): string {
  return `totp:${userId}`
}

/**
 * A TOTP generator for a secret (base32 or bytes), with the `otpauth://` URI authenticator apps scan.
 *
 * @example
 * const totp = createTotp({ secret: new Secret({ size: 20 }), issuer: 'My App', label: 'ada@example.com' })
 * totp.toString() // 'otpauth://totp/My%20App:ada%40example.com?issuer=My%20App&secret=...'
 */
export function createTotp({
  secret,
  issuer = 'Satchel',
  label = 'Satchel',
}: {
  secret: Secret
  issuer?: string
  label?: string
}): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret })
}

/**
 * Checks a TOTP code against a user's sealed secret, at `ctx.now()`.
 * - Wrong codes are counted per user (shared through Redis): after {@link OTP_MAX_ATTEMPTS} wrong
 *   tries every try — even a right code — is `too_many_requests` until the count expires, so the
 *   million codes cannot be walked through (a TOTP secret, unlike a login code, cannot be burnt).
 * - A code works once: its time step is recorded, and the same step again is refused, so a code
 *   read over a shoulder or replayed from a log is useless within its own window.
 *
 * @example
 * await verifyTotpCode(ctx, method, '123456')
 */
export async function verifyTotpCode(ctx: ServerContext, method: MfaMethod, code: string): Promise<void> {
  if (!method.sealedSecret) throw new ApiError('internal_error')
  const attemptsKey = `mfa:attempts:totp:${method.userId}`
  const attempts = await ctx.kv.increment(attemptsKey, OTP_TTL_SECONDS)
  if (attempts > OTP_MAX_ATTEMPTS) throw new ApiError('too_many_requests')
  const secret = new Secret({
    buffer: toArrayBuffer(open(ctx.encryptionKey, method.sealedSecret, totpSecretAad(method.userId))),
  })
  const now = ctx.now()
  const delta = createTotp({ secret }).validate({ token: code, timestamp: now, window: WINDOW })
  if (delta === null) throw wrongCode()
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta
  // Remembered a little longer than the window can reach back, then forgotten.
  const fresh = await ctx.kv.setIfAbsent(
    `mfa:totp-used:${method.id}:${step}`,
    '1',
    PERIOD_SECONDS * (2 * WINDOW + 2),
  )
  if (!fresh)
    throw new ApiError('invalid_credentials', {
      message: 'This code was already used; wait for the next one',
    })
  await ctx.kv.delete(attemptsKey)
}

function wrongCode() {
  return new ApiError('invalid_credentials', { message: 'The code is wrong' })
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength)
  new Uint8Array(copy).set(bytes)
  return copy
}
