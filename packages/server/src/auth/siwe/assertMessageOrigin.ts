import { ApiError } from '@satchel/core'
import type { App } from '../../identity/apps/types'

export type AssertMessageOriginParameters = {
  /** The message's `domain` (host and optional port, as in `app.example.com:8443`). */
  domain: string
  /** The message's `URI:` line, when it has one. */
  uri: string | undefined
  /** The message's optional scheme (`https` in `https://app.example.com wants you to ...`). */
  scheme?: string | undefined
}

/**
 * Checks that a wallet sign-in message (SIWE or SIWS) was made for this app: its domain is the host
 * of one of the app's allowed origins (and its scheme, when given, that origin's scheme), and its
 * URI is on an allowed origin. This is what makes a message a phishing site got a user to sign
 * useless here: the wallet shows the domain and warns when the page is elsewhere, and the server
 * refuses any domain that is not the app's. `invalid_data` otherwise.
 *
 * @example
 * assertMessageOrigin(app, { domain: 'localhost:5173', uri: 'http://localhost:5173/login' })
 */
export function assertMessageOrigin(app: App, { domain, uri, scheme }: AssertMessageOriginParameters): void {
  const origins = app.allowedOrigins.flatMap((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined
    return url ? [url] : []
  })
  const domainOk = origins.some(
    (o) =>
      o.host === domain.toLowerCase() && (scheme === undefined || o.protocol === `${scheme.toLowerCase()}:`),
  )
  if (!domainOk)
    throw new ApiError('invalid_data', {
      message: "The message's domain is not one of the app's allowed origins",
    })
  if (uri === undefined) return
  const uriOrigin = URL.canParse(uri) ? new URL(uri).origin : undefined
  if (!uriOrigin || !origins.some((o) => o.origin === uriOrigin)) {
    throw new ApiError('invalid_data', {
      message: "The message's URI is not on one of the app's allowed origins",
    })
  }
}
