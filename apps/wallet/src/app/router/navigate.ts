// The app's few routes are plain paths (`/send`); the History API moves between them without a reload
// and the hosting server answers every path with the app (SPA fallback).
const NAVIGATED = 'satchel:navigated'

/**
 * Goes to a path of the app (adds a history entry; `replace` swaps the current one).
 *
 * @example
 * navigate('/send?asset=USDC')
 */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (to === `${location.pathname}${location.search}`) return
  if (replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  window.dispatchEvent(new Event(NAVIGATED))
}

/**
 * Calls `listener` on every change of location: ours, and the back and forward buttons.
 *
 * @example
 * const stop = subscribeToLocation(() => render())
 */
export function subscribeToLocation(listener: () => void): () => void {
  window.addEventListener('popstate', listener)
  window.addEventListener(NAVIGATED, listener)
  return () => {
    window.removeEventListener('popstate', listener)
    window.removeEventListener(NAVIGATED, listener)
  }
}
