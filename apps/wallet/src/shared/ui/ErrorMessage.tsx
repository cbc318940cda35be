import { describeError, getErrorCode } from '../describeError'
import { UnlockButton } from '../recovery/UnlockButton'

/**
 * An error in words, announced when it appears, with a way to try again when there is one, and the
 * passcode prompt when the wallet is locked on this device.
 *
 * @example
 * <ErrorMessage error={error} onRetry={reload} />
 */
export function ErrorMessage({
  error,
  onRetry,
  title,
}: {
  error: unknown
  onRetry?: (() => void) | undefined
  title?: string | undefined
}) {
  return (
    <div className="error-message" role="alert">
      <p className="error-message__text">
        {title ? <strong>{title}: </strong> : null}
        {describeError(error)}
      </p>
      {/* A locked wallet is unlocked where the person is: the prompt opens over this screen. */}
      {getErrorCode(error) === 'recovery_required' ? (
        <UnlockButton className="button button--secondary" />
      ) : null}
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
