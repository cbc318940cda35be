import { isIP } from 'node:net'
import { ConfigError } from './configError'

/** Fastify's `trustProxy`: off, every hop (development only), a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[]

// proxy-addr's names for the usual private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * Reads `TRUST_PROXY`: `false` (the default: the socket's address is the client's), a hop count (`1`:
 * one load balancer in front, whose `X-Forwarded-For` entry is believed and nothing before it), or a
 * comma-separated list of the proxies' addresses and CIDR ranges (`10.0.0.0/8,192.168.1.7`).
 * `true` believes every `X-Forwarded-For` entry, so any client names its own address and walks past
 * per-IP limits: it is refused in production.
 *
 * @throws {ConfigError} naming TRUST_PROXY for `true` in production or a malformed value.
 * @example
 * parseTrustProxy('1', true)              // 1
 * parseTrustProxy('10.0.0.0/8', true)     // ['10.0.0.0/8']
 */
export function parseTrustProxy(value: string | undefined, production: boolean): TrustProxy {
  const text = value?.trim().toLowerCase() ?? 'false'
  if (text === 'false' || text === '0' || text === 'no' || text === 'off') return false
  if (text === 'true' || text === 'yes' || text === 'on') {
    if (production)
      throw new ConfigError(
        'TRUST_PROXY: true believes every X-Forwarded-For hop, so any client can choose its address; give the number of proxies in front of Satchel (1) or their addresses (10.0.0.0/8) instead',
      )
    return true
  }
  if (/^[0-9]{1,2}$/.test(text)) return Number(text)
  const entries = text.split(',').map((entry) => entry.trim())
  for (const entry of entries)
    if (!isAddressOrRange(entry))
      throw new ConfigError(
        'TRUST_PROXY: must be false, a hop count (1), or IP addresses and CIDR ranges separated by commas',
      )
  return entries
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^[0-9]{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (version === 4 ? 32 : 128)
}
