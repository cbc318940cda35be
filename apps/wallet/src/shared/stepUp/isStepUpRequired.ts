import { getErrorCode } from '../describeError'

/**
 * True when the server refused an action until the person confirms it is them: a fresh second factor
 * (`missing_or_invalid_mfa`) or, without one, a login method proved again (`reauthentication_required`).
 * The SDK throws these as `StepUpRequiredError`; the code is what the wallet branches on.
 *
 * @example
 * if (isStepUpRequired(error)) setStepUp({ reason, retry })
 */
export function isStepUpRequired(error: unknown): boolean {
  const code = getErrorCode(error)
  return code === 'missing_or_invalid_mfa' || code === 'reauthentication_required'
}
