import { ApiError, parsePhone } from '@satchel/core'
import { z } from 'zod'

/** An email address as typed, trimmed and lower-cased. */
export const emailSchema = z
  .email()
  .max(254)
  .transform((e) => e.trim().toLowerCase())

/** A phone number as typed (normalized by {@link normalizePhone}). */
export const phoneSchema = z.string().min(3).max(32)

/** A 6-digit one-time code as typed. */
export const codeSchema = z.string().regex(/^\d{6}$/, 'a 6-digit code')

/** The `flow_id` an init answered: the code it sent can only be entered with it. */
export const codeFlowSchema = z
  .string()
  .regex(/^otp_[A-Za-z0-9]{22}$/, 'the flow_id the init answered')
  .describe('The flow_id answered by the init that sent the code: the code works only with it')

/**
 * A phone number as E.164, or `invalid_data` when it is not possible for its country.
 *
 * @example
 * normalizePhone('+1 415 555 2671') // '+14155552671'
 */
export function normalizePhone(input: string): string {
  const phone = parsePhone(input)
  if (!phone.isPossible || !phone.e164)
    throw new ApiError('invalid_data', { message: 'This phone number is not possible' })
  return phone.e164
}
