import { MfaPrompt } from '../../shared/mfa/MfaPrompt'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'

/**
 * The end of a review, the same on every chain: the second-factor prompt when the app asks for one
 * (verified, the same send is confirmed again), why a send failed, then Confirm and Back.
 *
 * @example
 * <ConfirmActions pending={isPending} blocked={short} error={error} needsMfa={needsMfa} setNeedsMfa={setNeedsMfa} onConfirm={confirm} onBack={onBack} />
 */
export function ConfirmActions({
  pending,
  blocked,
  error,
  needsMfa,
  setNeedsMfa,
  onConfirm,
  onBack,
}: {
  pending: boolean
  /** Confirm stays off: the review found something to settle first. */
  blocked: boolean
  error: unknown
  needsMfa: boolean
  setNeedsMfa: (needed: boolean) => void
  onConfirm: () => void
  onBack: () => void
}) {
  return (
    <>
      {needsMfa ? (
        <MfaPrompt
          reason="This app asks for a second factor before a transaction is signed."
          onVerified={() => {
            setNeedsMfa(false)
            onConfirm()
          }}
          onCancel={() => setNeedsMfa(false)}
        />
      ) : null}
      {error && !needsMfa ? <ErrorMessage title="The transaction was not sent" error={error} /> : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={pending || needsMfa || blocked}
          onClick={onConfirm}
        >
          {pending ? 'Sending…' : 'Confirm and send'}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={pending}>
          Back
        </button>
      </div>
    </>
  )
}
