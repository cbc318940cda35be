import { Link } from '../../app/router/Link'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * The end of a status screen that follows something under way (a send, a purchase): why the status
 * cannot be read while it is asked again, then Back to home and a second action.
 *
 * @example
 * <DoneActions error={read.failureReason} again="Send another" onAgain={onSendAnother} />
 */
export function DoneActions({
  error,
  again,
  onAgain,
}: {
  /** Shown while the status cannot be read; the caller keeps asking. */
  error: unknown
  again: string
  onAgain: () => void
}) {
  return (
    <>
      {error ? <ErrorMessage title="The status could not be read; trying again" error={error} /> : null}
      <div className="actions">
        <Link to="/" className="button">
          Back to home
        </Link>
        <button type="button" className="button button--secondary" onClick={onAgain}>
          {again}
        </button>
      </div>
    </>
  )
}
