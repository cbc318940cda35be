import { describe, expect, it } from 'vitest'
import { readVerification } from './readVerification'

describe('readVerification', () => {
  it("reads Verify's four answers and the origin it saw", () => {
    const read = (verified: unknown) => readVerification({ verified })
    expect(read({ origin: 'https://app.example/path', validation: 'VALID' })).toEqual({
      verification: 'valid',
      isScam: false,
      origin: 'https://app.example',
    })
    expect(read({ origin: 'https://other.example', validation: 'INVALID' }).verification).toBe('invalid')
    expect(read({ origin: 'https://app.example', validation: 'UNKNOWN' }).verification).toBe('unknown')
    expect(read({ origin: 'https://drainer.example', validation: 'VALID', isScam: true }).isScam).toBe(true)
  })

  it('reads nothing it cannot trust: no context, or an origin that is not a web origin', () => {
    expect(readVerification(undefined)).toEqual({ verification: 'unknown', isScam: false, origin: '' })
    expect(
      readVerification({ verified: { origin: 'javascript:alert(1)', validation: 'VALID' } }).origin,
    ).toBe('')
    expect(readVerification({ verified: 'VALID' }).verification).toBe('unknown')
  })
})
