import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { toLowSToken } from './toLowSToken'

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n
const sOf = (token: string) =>
  BigInt(
    `0x${Buffer.from(token.split('.')[2] ?? '', 'base64url')
      .subarray(32)
      .toString('hex')}`,
  )

describe('toLowSToken', () => {
  it('turns a high-S signature into the low-S one that verifies the same, and leaves low-S alone', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const input = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0'
    for (let i = 0; i < 16; i++) {
      const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' })
      const token = `${input}.${signature.toString('base64url')}`
      const low = toLowSToken(token)
      expect(sOf(low) <= N / 2n).toBe(true)
      expect(toLowSToken(low)).toBe(low)
      const lowSignature = Buffer.from(low.split('.')[2] ?? '', 'base64url')
      expect(
        verify('sha256', Buffer.from(input), { key: publicKey, dsaEncoding: 'ieee-p1363' }, lowSignature),
      ).toBe(true)
    }
  })

  it('leaves a token that is not a 64-byte ES256 signature unchanged', () => {
    expect(toLowSToken('a.b.c')).toBe('a.b.c')
    expect(toLowSToken('no-dots')).toBe('no-dots')
  })
})
