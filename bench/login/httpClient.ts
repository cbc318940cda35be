import { connect, requestBytes } from '../signing/loadGenerator'

// The load generator's HTTP client, the same for both systems: HTTP/1.1 written and read straight off
// keep-alive sockets (the signing bench's load generator), one request at a time per socket. On two
// cores every millisecond the load generator spends is taken from the servers being compared: Node's
// `fetch` cost about 2 ms of CPU per login, its `http` client about 0.6 ms, this 0.4 ms.

export type HttpAnswer = {
  status: number
  /** Header names lower-cased; a repeated header (set-cookie) keeps every value. */
  headers: Map<string, string[]>
  text: string
  /** The body parsed as JSON, as the caller expects it to be (a bench, not a validator). */
  json<T>(): T
}

export type HttpClient = {
  request(
    method: 'GET' | 'POST',
    path: string,
    options?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<HttpAnswer>
  /** The requests sent and not yet answered, oldest first: what a stalled round is waiting for. */
  inFlight(): { method: string; path: string; ms: number }[]
  close(): void
}

type Connection = Awaited<ReturnType<typeof connect>>

/**
 * A client for one server over a pool of keep-alive connections (one per request in flight). A body
 * is sent as JSON.
 *
 * @example
 * const client = createHttpClient('http://127.0.0.1:8080')
 * const answer = await client.request('POST', '/api/v1/passwordless/init', { body: { email } })
 */
export function createHttpClient(base: string): HttpClient {
  const { host, port } = new URL(base)
  const idle: Connection[] = []
  const all: Connection[] = []
  const waiting = new Set<{ method: string; path: string; since: number }>()
  return {
    async request(method, path, { headers = {}, body } = {}) {
      // A server closes a connection left idle past its keep-alive timeout (Node's: 5 s).
      let connection = idle.pop()
      while (connection && !connection.alive()) connection = idle.pop()
      if (!connection) {
        connection = await connect(Number(port))
        all.push(connection)
      }
      const request = { method, path, since: performance.now() }
      waiting.add(request)
      const {
        status,
        headers: answered,
        body: text,
      } = await connection.send(requestBytes(host, method, path, body, headers)).finally(() => {
        waiting.delete(request)
      })
      idle.push(connection)
      return { status, headers: answered, text, json: <T>() => JSON.parse(text) as T }
    },
    inFlight() {
      const now = performance.now()
      return [...waiting].map(({ method, path, since }) => ({ method, path, ms: Math.round(now - since) }))
    },
    close() {
      for (const connection of all.splice(0)) connection.close()
      idle.length = 0
    },
  }
}
