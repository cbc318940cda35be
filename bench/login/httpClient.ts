import net from 'node:net'

// The load generator's HTTP client, the same for both systems: HTTP/1.1 written and read straight off
// keep-alive sockets, one request at a time per socket, as light as wrk (the signing bench's
// loadGenerator.ts does the same). On two cores every millisecond the load generator spends is taken
// from the servers being compared: Node's `fetch` cost about 2 ms of CPU per login, its `http` client
// about 0.6 ms.

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
  close(): void
}

type Connection = { send(bytes: Buffer): Promise<HttpAnswer>; alive(): boolean; close(): void }

/**
 * A client for one server over a pool of keep-alive connections (one per request in flight). A body
 * is sent as JSON; an answer is read by its Content-Length or its chunks.
 *
 * @example
 * const client = createHttpClient('http://127.0.0.1:8080')
 * const answer = await client.request('POST', '/api/v1/passwordless/init', { body: { email } })
 */
export function createHttpClient(base: string): HttpClient {
  const { hostname, port } = new URL(base)
  const idle: Connection[] = []
  const all: Connection[] = []
  return {
    async request(method, path, { headers = {}, body } = {}) {
      const payload = Buffer.from(body === undefined ? '' : JSON.stringify(body))
      const head = [
        `${method} ${path} HTTP/1.1`,
        `host: ${hostname}:${port}`,
        ...(body === undefined ? [] : ['content-type: application/json']),
        `content-length: ${payload.length}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ]
      // A server closes a connection left idle past its keep-alive timeout (Node's: 5 s).
      let connection = idle.pop()
      while (connection && !connection.alive()) connection = idle.pop()
      if (!connection) {
        connection = await connect(hostname, Number(port))
        all.push(connection)
      }
      const answer = await connection.send(
        Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), payload]),
      )
      idle.push(connection)
      return answer
    },
    close() {
      for (const connection of all.splice(0)) connection.close()
      idle.length = 0
    },
  }
}

async function connect(host: string, port: number): Promise<Connection> {
  const socket = net.connect({ host, port, noDelay: true })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let pending: { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void } | undefined
  let buffered: Buffer = Buffer.alloc(0)
  let open = true
  const fail = (error: Error) => {
    pending?.reject(error)
    pending = undefined
  }
  socket.on('error', fail)
  socket.on('close', () => {
    open = false
    fail(new Error('the server closed the connection'))
  })
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    if (!pending) return
    const parsed = parseAnswer(buffered)
    if (!parsed) return
    buffered = buffered.subarray(parsed.length)
    const done = pending
    pending = undefined
    done.resolve(parsed.answer)
  })
  return {
    send(bytes) {
      return new Promise((resolve, reject) => {
        if (!open) return reject(new Error('the connection is closed'))
        pending = { resolve, reject }
        socket.write(bytes)
      })
    },
    alive: () => open,
    close: () => socket.destroy(),
  }
}

/** One whole answer at the start of `bytes` and how many bytes it took, or undefined while incomplete. */
function parseAnswer(bytes: Buffer): { answer: HttpAnswer; length: number } | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n')
  if (headEnd < 0) return undefined
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers = new Map<string, string[]>()
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()])
  }
  let at = headEnd + 4
  let body: Buffer
  if (headers.get('transfer-encoding')?.includes('chunked')) {
    const chunks: Buffer[] = []
    for (;;) {
      const sizeEnd = bytes.indexOf('\r\n', at)
      if (sizeEnd < 0) return undefined
      const size = Number.parseInt(bytes.subarray(at, sizeEnd).toString('latin1'), 16)
      if (bytes.length < sizeEnd + 2 + size + 2) return undefined
      chunks.push(bytes.subarray(sizeEnd + 2, sizeEnd + 2 + size))
      at = sizeEnd + 2 + size + 2
      if (size === 0) break
    }
    body = Buffer.concat(chunks)
  } else {
    const length = Number(headers.get('content-length')?.[0] ?? 0)
    if (bytes.length < at + length) return undefined
    body = bytes.subarray(at, at + length)
    at += length
  }
  const text = body.toString('utf8')
  return {
    answer: { status: Number(statusLine.slice(9, 12)), headers, text, json: <T>() => JSON.parse(text) as T },
    length: at,
  }
}
