import { useEffect, useRef } from 'react'

/**
 * The count of app requests waiting, on the Connections item of the navigation. The number is for
 * the eye; the sentence (hidden, referenced by the link's `aria-describedby` as `id`) is what a screen
 * reader hears after the link's own name, which stays "Connections".
 *
 * @example
 * <Link to="/connections" aria-describedby="connections-pending">Connections<ConnectionsNavBadge id="connections-pending" count={1} /></Link>
 */
export function ConnectionsNavBadge({ id, count }: { id: string; count: number }) {
  const badge = useRef<HTMLSpanElement>(null)
  const shown = count > 0
  useEffect(() => {
    // On a phone the navigation scrolls sideways and Connections is past its edge: bring the badge
    // into the navigation's view as it appears (sideways only: the page itself does not move).
    const element = badge.current
    const scroller = element?.closest('nav')
    if (!shown || !element || !scroller) return
    const inner = element.getBoundingClientRect()
    const outer = scroller.getBoundingClientRect()
    const margin = 8
    if (inner.right > outer.right) scroller.scrollLeft += inner.right - outer.right + margin
    else if (inner.left < outer.left) scroller.scrollLeft -= outer.left - inner.left + margin
  }, [shown])
  if (!shown) return null
  return (
    <>
      <span className="nav-badge" aria-hidden="true" ref={badge}>
        {count > 99 ? '99+' : count}
      </span>
      <span id={id} hidden>
        {count === 1 ? '1 request from an app is waiting' : `${count} requests from apps are waiting`}
      </span>
    </>
  )
}
