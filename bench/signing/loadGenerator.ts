// The signing benchmark's load generator: prepared request bytes sent over keep-alive sockets, one
// request at a time per socket, as light as wrk, so the machine's CPU goes to the servers measured.
import { readFileSync } from 'node:fs'
import net from 'node:net'

/** A server under load: where to reach it, and how much CPU it has used so far (µs). */
export type Target = { port: number; host: string; cpu(): Promise<number> }

/** A request ready to send: which server, and its bytes on the wire. */
export type PreparedRequest = { target: Target; bytes: Buffer }

/** An answer: its status, its headers (names lower-cased, every value of a repeated one) and body. */
export type Response = { status: number; headers: Map<string, string[]>; body: string }

/** An HTTP/1.1 request with a JSON body (none when `body` is undefined), as bytes. */
export function serializeRequest(
  target: Target,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): PreparedRequest {
  return { target, bytes: requestBytes(target.host, method, path, body, headers) }
}

/** The bytes of an HTTP/1.1 request to `host` (`name:port`) with a JSON body (none when undefined). */
export function requestBytes(
  host: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Buffer {
  const payload = Buffer.from(body === undefined ? '' : JSON.stringify(body))
  const head = [
    `${method} ${path} HTTP/1.1`,
    `host: ${host}`,
    ...(body === undefined ? [] : ['content-type: application/json']),
    `content-length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), payload])
}

/**
 * One keep-alive HTTP/1.1 connection sending request bytes, one request at a time, and reading the
 * answer by its Content-Length or its chunks: a load generator as light as wrk, so the machine's CPU
 * goes to the server rather than to Node's HTTP client. `alive()` turns false once either side closed
 * it (a server closes one left idle past its keep-alive timeout).
 */
export async function connect(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let pending: { resolve: (r: Response) => void; reject: (e: Error) => void } | undefined
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
    let parsed: ReturnType<typeof parseResponse>
    try {
      parsed = parseResponse(buffered)
    } catch (error) {
      return fail(error as Error)
    }
    if (!parsed) return
    buffered = buffered.subarray(parsed.length)
    const done = pending
    pending = undefined
    done.resolve(parsed.response)
  })
  return {
    send(bytes: Buffer): Promise<Response> {
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
function parseResponse(bytes: Buffer): { response: Response; length: number } | undefined {
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
    const length = Number(headers.get('content-length')?.[0] ?? Number.NaN)
    if (!Number.isSafeInteger(length)) throw new Error(`no content-length: ${statusLine}`)
    if (bytes.length < at + length) return undefined
    body = bytes.subarray(at, at + length)
    at += length
  }
  return {
    response: { status: Number(statusLine.slice(9, 12)), headers, body: body.toString('utf8') },
    length: at,
  }
}

type Connection = Awaited<ReturnType<typeof connect>>

/**
 * Sends `next()`'s requests from `concurrency` callers, each with its own keep-alive connection to
 * every target: a warm-up, then a timed round; rate, latency and CPU.
 */
export async function load(
  targets: readonly Target[],
  concurrency: number,
  { warmUpMs, roundMs }: { warmUpMs: number; roundMs: number },
  next: () => PreparedRequest,
) {
  const callers = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const connections = new Map<Target, Connection>()
      for (const target of targets) connections.set(target, await connect(target.port))
      return connections
    }),
  )
  const latencies: number[] = []
  let errors = 0
  let firstError: string | undefined
  const run = async (connections: Map<Target, Connection>, until: number, record: boolean) => {
    while (performance.now() < until) {
      const request = next()
      const connection = connections.get(request.target)
      if (!connection) throw new Error('no connection to the target')
      const start = performance.now()
      const response = await connection.send(request.bytes)
      const elapsed = performance.now() - start
      if (response.status >= 300) {
        errors++
        firstError ??= response.body
      } else if (record) latencies.push(elapsed)
    }
  }
  const serverCpu = async () =>
    (await Promise.all(targets.map((target) => target.cpu()))).reduce((a, b) => a + b, 0)
  const warmUntil = performance.now() + warmUpMs
  await Promise.all(callers.map((connections) => run(connections, warmUntil, false)))
  const [cpuBefore, machineBefore, clientBefore] = [await serverCpu(), machineCpu(), process.cpuUsage()]
  const start = performance.now()
  await Promise.all(callers.map((connections) => run(connections, start + roundMs, true)))
  const seconds = (performance.now() - start) / 1000
  const client = process.cpuUsage(clientBefore)
  const [cpuAfter, machineAfter] = [await serverCpu(), machineCpu()]
  for (const connections of callers) for (const connection of connections.values()) connection.close()
  if (firstError) console.log(`  first error: ${firstError}`)
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    rate: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    // What one request costs the servers themselves, whatever else the machine is doing.
    serverCpuMs: (cpuAfter - cpuBefore) / 1000 / Math.max(1, latencies.length),
    // What the load generator (this process) spent per request: not the server's cost, but the machine's.
    clientCpuMs: (client.user + client.system) / 1000 / Math.max(1, latencies.length),
    // How busy the whole machine was: API, PostgreSQL, Redis, this client, and anything else running.
    machineBusy:
      (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
  }
}

/** Busy and total CPU time of the whole machine (all cores, every process), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const fields = line.trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((sum, value) => sum + value, 0)
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total }
}
