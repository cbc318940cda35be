import type { createRemoteJWKSet } from 'jose'

/** Where the Satchel server is and which app this backend serves. */
export type SatchelNodeConfig = {
  /** The Satchel server as this backend reaches it, e.g. `https://auth.example.com`. */
  serverUrl: string
  /** The app's id (`app_...`), as `satchel apps create` printed it. */
  appId: string
  /**
   * The app's secret. Needed only by the app-secret API (wallets, delegated signing, policies);
   * verifying tokens never uses it. Keep it on the server: it acts for every user of the app.
   */
  appSecret?: string | undefined
  /** The server's `SATCHEL_ISSUER`, which every token names as `iss`. Default `satchel`. */
  issuer?: string | undefined
  /**
   * The URL requests are signed for, when the server sits behind another address than `serverUrl`:
   * its `SATCHEL_PUBLIC_URL`. Default `serverUrl`.
   */
  publicUrl?: string | undefined
  /** Seconds of clock difference allowed when checking a token's `exp`. Default 0. */
  clockToleranceSeconds?: number | undefined
  /**
   * After fetching the key set, how long a token with an unknown key id must wait before the set is
   * fetched again (so forged key ids cannot make this backend hammer the server). Default 30,000 ms.
   */
  jwksCooldownMs?: number | undefined
  /** How long one call to the server may take. Default 10,000 ms. */
  timeoutMs?: number | undefined
  /** A `fetch` to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: typeof fetch | undefined
}

/** The resolved configuration every action takes, with the app's cached key set. */
export type SatchelNodeContext = {
  readonly serverUrl: string
  readonly publicUrl: string
  readonly appId: string
  readonly appSecret: string | undefined
  readonly issuer: string
  readonly clockToleranceSeconds: number
  readonly timeoutMs: number
  readonly fetch: typeof fetch
  readonly jwks: ReturnType<typeof createRemoteJWKSet>
}
