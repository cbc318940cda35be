import { ApiError } from '@satchel/core'
import { z } from 'zod'

/** A 6-digit code from an authenticator app or a text message. */
export const mfaCodeSchema = z.string().regex(/^\d{6}$/, 'a 6-digit code')

/** Answer of enroll and unenroll: the user's confirmed methods afterwards. */
export const mfaMethodsAnswerSchema = z.object({ mfa_methods: z.array(z.enum(['totp', 'sms', 'passkey'])) })

/** Answer of a new set of backup codes: shown this once, never stored in the clear. */
export const backupCodesAnswerSchema = z.object({ backup_codes: z.array(z.string()) })

/** Answer of every verify route: the MFA token for `satchel-mfa-token`. */
export const mfaTokenAnswerSchema = z.object({ token: z.string() })

/** The user has no confirmed method of the kind the request names. */
export function notEnrolled(): ApiError {
  return new ApiError('invalid_data', { message: 'This MFA method is not enrolled' })
}
