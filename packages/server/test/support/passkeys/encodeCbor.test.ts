import { describe, expect, it } from 'vitest'
import { encodeCbor } from './encodeCbor'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

// Vectors from RFC 8949 Appendix A.
describe('encodeCbor', () => {
  it.each([
    [0, '00'],
    [23, '17'],
    [24, '1818'],
    [1000, '1903e8'],
    [1000000, '1a000f4240'],
    [1000000000000, '1b000000e8d4a51000'],
    [-1, '20'],
    [-7, '26'],
    [-257, '390100'],
    ['', '60'],
    ['IETF', '6449455446'],
    ['\u00fc', '62c3bc'],
  ])('encodes %j as %s', (value, expected) => {
    expect(hex(encodeCbor(value))).toBe(expected)
  })

  it('encodes byte strings and maps with integer and text keys', () => {
    expect(hex(encodeCbor(Uint8Array.from([1, 2, 3, 4])))).toBe('4401020304')
    expect(
      hex(
        encodeCbor(
          new Map([
            [1, 2],
            [3, 4],
          ]),
        ),
      ),
    ).toBe('a201020304')
    expect(hex(encodeCbor({ a: 1, b: new Map() }))).toBe('a26161016162a0')
  })
})
