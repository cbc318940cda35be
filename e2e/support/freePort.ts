import { createServer } from 'node:net'

/** Ports this process already handed out: the OS may offer a closed one again at once. */
const given = new Set<number>()

function askOs(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      )
    })
  })
}

/**
 * A TCP port free on 127.0.0.1 right now (the OS picks it), never one this process handed out before.
 * Another process may still take it before it is used: callers that bind it retry on
 * {@link isAddressInUse}.
 *
 * @example
 * const port = await freePort()
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await askOs()
    if (!given.has(port)) {
      given.add(port)
      return port
    }
  }
}

/**
 * Whether an error (or one of its causes) says a port was taken: Node's EADDRINUSE, or anvil's
 * "Address already in use" in the details of its start error.
 *
 * @example
 * if (isAddressInUse(error)) return start() // with new ports
 */
export function isAddressInUse(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    if (typeof current !== 'object') return /EADDRINUSE|address already in use/i.test(String(current))
    const { code, message, details, cause } = current as Record<string, unknown>
    if (code === 'EADDRINUSE') return true
    if (/EADDRINUSE|address already in use|address in use/i.test(`${message ?? ''} ${details ?? ''}`))
      return true
    current = cause
  }
  return false
}
