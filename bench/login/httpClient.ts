import http from 'node:http'

// The load generator's HTTP client, the same for both systems: Node's own `http` over keep-alive
// sockets. It costs the machine a fraction of what `fetch` does per request (undici's WHATWG streams
// and headers), CPU that on two cores would otherwise be taken from the servers being compared.

export type HttpAnswer = {
  status: number
  headers: http.IncomingHttpHeaders
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

/**
 * A keep-alive client for one server: each call one request, answered with its status, headers and
 * body text. A body is sent as JSON.
 *
 * @example
 * const client = createHttpClient('http://127.0.0.1:8080')
 * const answer = await client.request('POST', '/api/v1/passwordless/init', { body: { email } })
 */
export function createHttpClient(base: string): HttpClient {
  const agent = new http.Agent({ keepAlive: true })
  const { hostname, port } = new URL(base)
  return {
    request(method, path, { headers = {}, body } = {}) {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: hostname,
            port,
            method,
            path,
            headers:
              payload === undefined
                ? headers
                : {
                    'content-type': 'application/json',
                    ...headers,
                    'content-length': Buffer.byteLength(payload),
                  },
          },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('error', reject)
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8')
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                text,
                json: () => JSON.parse(text),
              })
            })
          },
        )
        request.on('error', reject)
        request.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}
