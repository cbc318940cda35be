import {
  DisconnectedError,
  WALLETCONNECT_CONNECT_TIMEOUT_MS,
  WALLETCONNECT_MAX_CONNECTION_ATTEMPTS,
} from '@satchel/core'

export type ReachRelayParameters = {
  /** The relay's `ws(s)://` URL, as the WalletConnect client has it. Default: WalletConnect's. */
  relayUrl?: string | undefined
  projectId: string
  /** Signs the relay's auth JWT with the client's identity key (`client.core.crypto.signJWT`). */
  signJwt: (audience: string) => Promise<string>
  /** Default: the spec's 5. */
  attempts?: number | undefined
  /** How long one attempt may take to open the socket. Default: the spec's 15 s. */
  timeoutMs?: number | undefined
  /** The pause after failed attempt `n` (1-based). Default `n` seconds, as the WalletConnect SDK waits. */
  backoffMs?: ((attempt: number) => number) | undefined
  /** Stops between attempts (the app gave up); the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined
}

export type ReachRelayReturnType = {
  /** Which attempt opened the socket, 1 to `attempts`. */
  attempt: number
}

export type ReachRelayErrorType = DisconnectedError

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const timer = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener('abort', aborted)
      resolve()
    }
    function aborted() {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', aborted, { once: true })
  })

/**
 * One WebSocket opening, as the SDK makes it: true once open (and then closed again at once), false
 * when refused, failed, past its time or given up.
 */
async function openOnce(url: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<boolean> {
  const { WsConnection } = await import('@walletconnect/jsonrpc-ws-connection')
  const connection = new WsConnection(url)
  let timer: ReturnType<typeof setTimeout> | undefined
  let givenUp = false
  let stop: (() => void) | undefined
  const opened = await Promise.race([
    connection.open().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      stop = () => {
        givenUp = true
        resolve(false)
      }
      timer = setTimeout(stop, timeoutMs)
      signal?.addEventListener('abort', stop, { once: true })
    }),
  ])
  clearTimeout(timer)
  if (stop) signal?.removeEventListener('abort', stop)
  // A socket that opens after its attempt was given up is closed the moment it does.
  if (givenUp) connection.once('open', () => void connection.close().catch(() => {}))
  if (opened) await connection.close().catch(() => {})
  return opened
}

/**
 * Opens a socket to the WalletConnect relay the way the SDK would (its auth JWT, project id and
 * version in the query) with the spec's policy: each attempt gets 15 s, up to 5 attempts, pausing 1,
 * 2, 3, 4 s between them. The SDK's own client retries without end (it starts a new round of 5 for
 * every request that finds no socket), so a connection is only handed to it once the relay answered;
 * otherwise the app hears 'The WalletConnect relay could not be reached' after the 5th attempt.
 *
 * @throws {DisconnectedError} (EIP-1193 4900) when no attempt opened a socket.
 * @example
 * await reachRelay({ relayUrl, projectId, signJwt: (aud) => client.core.crypto.signJWT(aud) })
 */
export async function reachRelay({
  relayUrl,
  projectId,
  signJwt,
  attempts = WALLETCONNECT_MAX_CONNECTION_ATTEMPTS,
  timeoutMs = WALLETCONNECT_CONNECT_TIMEOUT_MS,
  backoffMs = (attempt) => attempt * 1000,
  signal,
}: ReachRelayParameters): Promise<ReachRelayReturnType> {
  const [{ formatRelayRpcUrl }, { RELAYER_DEFAULT_RELAY_URL, RELAYER_SDK_VERSION }] = await Promise.all([
    import('@walletconnect/utils'),
    import('@walletconnect/core'),
  ])
  const url = relayUrl ?? RELAYER_DEFAULT_RELAY_URL
  for (let attempt = 1; attempt <= attempts; attempt++) {
    signal?.throwIfAborted()
    // A fresh JWT each time: it carries its own issue time.
    const socketUrl = formatRelayRpcUrl({
      protocol: 'wc',
      version: 2,
      sdkVersion: RELAYER_SDK_VERSION,
      relayUrl: url,
      projectId,
      auth: await signJwt(url),
    })
    if (await openOnce(socketUrl, timeoutMs, signal)) return { attempt }
    signal?.throwIfAborted()
    if (attempt < attempts) await sleep(backoffMs(attempt), signal)
  }
  throw new DisconnectedError({
    message: 'The WalletConnect relay could not be reached',
    details: `No answer from ${url} after ${attempts} attempts of ${timeoutMs / 1000} s each. Check the connection and try again.`,
  })
}
