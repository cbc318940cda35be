import { describeError } from '../describeError'

/**
 * An error in words, announced when it appears, with a way to try again when there is one.
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
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
