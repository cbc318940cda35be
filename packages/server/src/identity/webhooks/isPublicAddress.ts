import { BlockList, isIP } from 'node:net'

// Everything a server must not be made to call on someone's behalf: its own host, private networks,
// link-local (cloud metadata at 169.254.169.254), shared address space, multicast and reserved ranges.
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/**
 * True when an IP address is a public unicast address a webhook may be sent to. An IPv4 address
 * written inside IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 *
 * @example
 * isPublicAddress('93.184.216.34') // true
 * isPublicAddress('::ffff:10.0.0.1') // false
 */
export function isPublicAddress(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1]
  if (mapped) return isPublicAddress(mapped)
  const version = isIP(address)
  if (version === 0) return false
  // IPv4-mapped in a spelling the pattern above does not unwrap (`::ffff:7f00:1`): refused.
  if (version === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(address)) return false
  return !blocked.check(address, version === 4 ? 'ipv4' : 'ipv6')
}
