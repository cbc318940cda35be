import { describeError } from '../describeError'

/**
 * A failure in words, announced to screen readers, with a way to try again when there is one.
 *
 * @example
 * <ErrorMessage title="The users could not be loaded" error={users.error} onRetry={users.refetch} />
 */
export function ErrorMessage({
  error,
  title,
  onRetry,
}: {
  error: unknown
  title?: string | undefined
  onRetry?: (() => void) | undefined
}) {
  return (
    <div className="error" role="alert">
      {title ? <strong>{title}</strong> : null}
      <p>{describeError(error)}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
