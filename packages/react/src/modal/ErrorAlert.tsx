/**
 * A screen's error line, read out as it appears (`role="alert"`); nothing while there is no error.
 *
 * @example
 * <ErrorAlert error={error} />
 */
export function ErrorAlert({ error }: { error: string | undefined }) {
  if (!error) return null
  return (
    <p className="satchel-error" role="alert">
      {error}
    </p>
  )
}
