/**
 * The buttons under a "Confirm it's you" prompt (second factor or login proved again): the submit,
 * which for a passkey says so and waits for the browser's prompt, and Cancel.
 *
 * @example
 * <PromptActions passkey={method === 'passkey'} pending={verifying} disabled={!complete} onCancel={onCancel} />
 */
export function PromptActions({
  passkey,
  pending,
  disabled,
  onCancel,
}: {
  passkey: boolean
  pending: boolean
  /** Whether the proof is not ready to submit yet (the button is also disabled while pending). */
  disabled: boolean
  onCancel: () => void
}) {
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={disabled || pending}>
        {pending
          ? passkey
            ? 'Waiting for your passkey…'
            : 'Checking…'
          : passkey
            ? 'Use your passkey'
            : 'Confirm'}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
