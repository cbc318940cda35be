import { OAuthPopupClosedError } from './oauthErrors'

export type OAuthPopup = {
  /** Sends the popup to the provider's page. */
  navigate(url: string): void
  /** The URL the provider sent the popup back to (on this page's origin); the popup is closed then. */
  waitForReturn(): Promise<string>
  close(): void
}

const POLL_MS = 200

/**
 * Opens an empty popup for an OAuth round trip. It must run in the click's own task (browsers only
 * let a user gesture open a window), so it happens before any await; undefined when the browser
 * blocked it, and the caller then redirects instead. The return is read from the popup's location
 * once it is back on this origin (reads throw while it is at the provider), so the verifier never
 * leaves this tab.
 *
 * @example
 * const popup = openOAuthPopup() // in the click handler, first thing
 */
export function openOAuthPopup(): OAuthPopup | undefined {
  if (typeof window === 'undefined' || typeof window.open !== 'function') return undefined
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  const popup = window.open(
    'about:blank',
    'satchel-oauth',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  )
  if (!popup) return undefined
  const origin = window.location.origin
  return {
    navigate: (url) => popup.location.assign(url),
    close: () => popup.close(),
    waitForReturn: () =>
      new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          if (popup.closed) {
            clearInterval(timer)
            reject(new OAuthPopupClosedError())
            return
          }
          let href: string
          try {
            href = popup.location.href
          } catch {
            return // still at the provider (cross-origin)
          }
          const url = new URL(href)
          if (url.origin !== origin || !url.searchParams.has('state')) return
          clearInterval(timer)
          popup.close()
          resolve(href)
        }, POLL_MS)
      }),
  }
}
