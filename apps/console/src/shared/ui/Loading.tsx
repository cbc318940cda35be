/**
 * A wait, announced politely to screen readers.
 *
 * @example
 * <Loading label="Loading users…" />
 */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
