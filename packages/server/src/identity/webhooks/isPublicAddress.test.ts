import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './isPublicAddress'

describe('isPublicAddress', () => {
  it('takes public unicast addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('refuses loopback, private, link-local, shared, multicast and mapped forms of them', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })
})
