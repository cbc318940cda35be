/**
 * A wait a person can see (and a screen reader hears): a spinner and what is happening.
 *
 * @example
 * <LoadingState label="Loading balances…" />
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading-state" role="status">
      <span className="loading-state__spinner" aria-hidden="true" />
      {label}
    </p>
  )
}
