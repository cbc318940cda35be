/**
 * The second step of a destructive action: the question, then "Yes, …" and "Keep". Both wait while
 * the action runs; the caller runs it and hides this when it ends.
 *
 * @example
 * <ConfirmAction question="Delete this user?" verb="delete" pending={pending} onConfirm={run} onKeep={() => setAsking(false)} />
 */
export function ConfirmAction({
  question,
  verb,
  pending,
  onConfirm,
  onKeep,
}: {
  question: string
  /** What "Yes" does, lower case: `delete` gives "Yes, delete" and, while it runs, "Deleting…". */
  verb: 'delete' | 'remove'
  pending: boolean
  onConfirm: () => void
  onKeep: () => void
}) {
  return (
    <div className="stack-small">
      <p>{question}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--danger button--small"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? `${verb === 'delete' ? 'Deleting' : 'Removing'}…` : `Yes, ${verb}`}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={pending}
          onClick={onKeep}
        >
          Keep
        </button>
      </div>
    </div>
  )
}
