import { getErrorCode } from '../../shared/describeError'

/**
 * Asks the person for a second factor they already have, then runs `retry`: how a settings screen
 * reacts when the server answers `missing_or_invalid_mfa` to an MFA change.
 */
export type StepUp = (reason: string, retry: () => void) => void

/** True when the server refused for want of a fresh second factor. */
export function isMfaRequired(error: unknown): boolean {
  return getErrorCode(error) === 'missing_or_invalid_mfa'
}
