/**
 * Previous and next page of a cursor-paged list: `cursors` holds the cursor of each page after the
 * first, so going back is dropping the last one.
 *
 * @example
 * <Pager cursors={cursors} nextCursor={nextCursor} onChange={setCursors} />
 */
export function Pager({
  cursors,
  nextCursor,
  onChange,
}: {
  cursors: string[]
  nextCursor: string | null
  onChange: (cursors: string[]) => void
}) {
  return (
    <div className="actions">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={cursors.length === 0}
        onClick={() => onChange(cursors.slice(0, -1))}
      >
        Previous page
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={!nextCursor}
        onClick={() => nextCursor && onChange([...cursors, nextCursor])}
      >
        Next page
      </button>
    </div>
  )
}
