/** PostgreSQL's classes for a server going away: 08 connection exception, 57P01-03 shutting down or starting. */
const POSTGRES_OUTAGE = /^(08|57P0[123])/
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTCONN',
])
const DRIVER_MESSAGES = [
  'Connection terminated', // pg: the server closed the connection mid-query (a restart)
  'Client has encountered a connection error',
  'Connection is closed', // ioredis: Redis went away
  'Reached the max retries per request limit', // ioredis: gave up while Redis was down
]

/**
 * True for an error that says a store the server needs (PostgreSQL, Redis) cannot be reached right
 * now, rather than that the request or the code is wrong: answered `503 service_unavailable`, which
 * a client retries, instead of `500 internal_error`. Walks `cause` a few levels.
 *
 * @example
 * isServiceOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })) // true
 */
export function isServiceOutage(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined
    if (code && (POSTGRES_OUTAGE.test(code) || NETWORK_CODES.has(code))) return true
    const message = 'message' in current && typeof current.message === 'string' ? current.message : ''
    if (DRIVER_MESSAGES.some((text) => message.includes(text))) return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}
