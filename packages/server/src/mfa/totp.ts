import { ApiError, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@satchel/core'
import { Secret, TOTP } from 'otpauth'
import type { ServerContext } from '../identity/context'
import { open } from '../platform/crypto/seal'
import { type GuessLimits, startGuess } from '../platform/http/limitGuesses'
import type { MfaMethod } from './mfaMethods'

// RFC 6238 with the parameters every authenticator app understands: HMAC-SHA1, 6 digits, 30 s.
const PERIOD_SECONDS = 30
const DIGITS = 6
/** One step either side, so a code typed as the 30 s boundary passes (or a phone clock a little off). */
const WINDOW = 1

/**
 * TOTP tries: five per session and per (user, address) in 10 minutes, and ten wrong answers per user
 * from anywhere. Three codes are valid at a time (the window), so the ceiling keeps a walk through
 * the million codes at about 4 in 1000 a day even for an attacker past the first factor on many
 * devices; a thief with one stolen session cannot reach it, so cannot lock the owner's other devices.
 */
export const TOTP_GUESS_LIMITS: GuessLimits = {
  perSession: { limit: OTP_MAX_ATTEMPTS, windowSeconds: OTP_TTL_SECONDS },
  perUserAndIp: { limit: OTP_MAX_ATTEMPTS, windowSeconds: OTP_TTL_SECONDS },
  perUser: { limit: 2 * OTP_MAX_ATTEMPTS, windowSeconds: OTP_TTL_SECONDS },
}

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
 * - Tries are limited by {@link TOTP_GUESS_LIMITS} (shared through Redis): out of tries, every try —
 *   even a right code — is `too_many_requests` until the count expires, so the million codes cannot
 *   be walked through (a TOTP secret, unlike a login code, cannot be burnt). The counts are per
 *   session and address, so a thief's wrong codes hold the thief, not the owner on their own device.
 * - A code works once: its time step is recorded, and the same step again is refused, so a code
 *   read over a shoulder or replayed from a log is useless within its own window.
 *
 * @example
 * await verifyTotpCode(ctx, method, '123456', { sessionId: auth.sessionId, ip: clientIp(request) })
 */
export async function verifyTotpCode(
  ctx: ServerContext,
  method: MfaMethod,
  code: string,
  { sessionId, ip }: { sessionId: string; ip: string },
): Promise<void> {
  if (!method.sealedSecret) throw new ApiError('internal_error')
  const guess = await startGuess(ctx.kv, {
    secret: 'totp',
    userId: method.userId,
    sessionId,
    ip,
    limits: TOTP_GUESS_LIMITS,
    scale: ctx.config.rateLimitScale,
  })
  const secret = new Secret({
    buffer: toArrayBuffer(open(ctx.encryptionKey, method.sealedSecret, totpSecretAad(method.userId))),
  })
  const now = ctx.now()
  const delta = createTotp({ secret }).validate({ token: code, timestamp: now, window: WINDOW })
  if (delta === null) {
    await guess.failed()
    throw wrongCode()
  }
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
  await guess.succeeded()
}

function wrongCode() {
  return new ApiError('invalid_credentials', { message: 'The code is wrong' })
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength)
  new Uint8Array(copy).set(bytes)
  return copy
}
