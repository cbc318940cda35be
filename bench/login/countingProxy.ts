import { createConnection, createServer, type Server } from 'node:net'

// bench/login's counting pass: TCP proxies in front of PostgreSQL and Redis that count the round trips
// and commands a login's steps send, by parsing each protocol's client side.

/**
 * A TCP proxy to 127.0.0.1:upstreamPort that counts what clients send, parsed per connection by `counter`.
 * `names` lists what was counted, in order (Redis command names; empty for PostgreSQL).
 */
export async function countingProxy(upstreamPort: number, counter: () => Counter) {
  let total = 0
  const names: string[] = []
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: upstreamPort })
    const parse = counter()
    client.on('data', (chunk) => {
      upstream.write(chunk)
      for (const name of parse(chunk)) {
        total++
        if (name) names.push(name)
      }
    })
    upstream.pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('no proxy port')
  return {
    port: address.port,
    total: () => total,
    names,
    close: () => {
      server.close()
      return Promise.resolve()
    },
  }
}

/** Parses one connection's client bytes; yields one entry per counted unit (its name, or ''). */
export type Counter = (chunk: Buffer) => string[]

/**
 * PostgreSQL frontend protocol: a length-prefixed startup (after any SSLRequest/GSSENCRequest), then
 * messages of type byte + int32 length. A round trip is each 'Q' (simple query) or each 'S' (Sync,
 * which ends an extended-protocol exchange).
 */
export function pgRoundTrips(): Counter {
  let buffer = Buffer.alloc(0)
  let startup = true
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    const found: string[] = []
    for (;;) {
      if (startup) {
        if (buffer.length < 8) break
        const length = buffer.readInt32BE(0)
        if (buffer.length < length) break
        const code = buffer.readInt32BE(4)
        buffer = buffer.subarray(length)
        if (code !== 80877103 && code !== 80877104) startup = false
        continue
      }
      if (buffer.length < 5) break
      const type = String.fromCharCode(buffer[0] ?? 0)
      const length = buffer.readInt32BE(1)
      if (buffer.length < 1 + length) break
      if (type === 'Q' || type === 'S') found.push('')
      buffer = buffer.subarray(1 + length)
    }
    return found
  }
}

/** RESP: each command a client sends is an array of bulk strings (or one inline line); yields its name. */
export function redisCommands(): Counter {
  let buffer = Buffer.alloc(0)
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    const found: string[] = []
    let offset = 0
    for (;;) {
      const end = buffer.indexOf('\r\n', offset)
      if (end < 0) break
      if (buffer[offset] !== 0x2a) {
        found.push(buffer.toString('latin1', offset, end).split(' ')[0]?.toUpperCase() ?? '')
        offset = end + 2
        continue
      }
      const count = Number(buffer.toString('latin1', offset + 1, end))
      let position = end + 2
      let name = ''
      let complete = true
      for (let k = 0; k < count; k++) {
        const lineEnd = buffer.indexOf('\r\n', position)
        if (lineEnd < 0) {
          complete = false
          break
        }
        const length = Number(buffer.toString('latin1', position + 1, lineEnd))
        if (lineEnd + 2 + length + 2 > buffer.length) {
          complete = false
          break
        }
        if (k === 0) name = buffer.toString('latin1', lineEnd + 2, lineEnd + 2 + length).toUpperCase()
        position = lineEnd + 2 + length + 2
      }
      if (!complete) break
      found.push(name)
      offset = position
    }
    buffer = buffer.subarray(offset)
    return found
  }
}
