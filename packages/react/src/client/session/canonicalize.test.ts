import reference from 'canonicalize'
import { describe, expect, it } from 'vitest'
import vectors from '../../../../core/test-vectors/canonical-json.json'
import { canonicalize } from './canonicalize'
import { getSignaturePayload } from './signRequest'

describe('canonicalize (RFC 8785)', () => {
  it('sorts keys and drops whitespace', () => {
    expect(canonicalize({ b: 1, a: [true, null, 'x'], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    )
  })

  it('writes numbers as ECMAScript does (the RFC 8785 rule)', () => {
    expect(canonicalize([1e21, 0.1, -0, 1e-7, 100, 333333333.3333333])).toBe(
      '[1e+21,0.1,0,1e-7,100,333333333.3333333]',
    )
  })

  it('matches the reference implementation the server uses, key order by UTF-16 code units included', () => {
    const values = [
      {
        '\u20ac': 'Euro Sign',
        '\r': 'Carriage Return',
        '\ufb33': 'Hebrew Letter Dalet With Dagesh',
        '1': 'One',
        '\ud83d\ude00': 'Emoji',
        '\u0080': 'Control',
      },
      {
        version: 1,
        method: 'POST',
        url: 'http://127.0.0.1/api/v1/wallets/w/rpc',
        body: { method: 'personal_sign', params: { message: 'hé "quoted"\n' } },
      },
      { nested: [{ b: undefined, a: 2 }, [], {}], unicode: '\u2028\u2029' },
    ]
    for (const value of values) expect(canonicalize(value)).toBe(reference(value))
  })

  it('refuses values JSON cannot hold', () => {
    expect(() => canonicalize(Number.NaN)).toThrow('NaN is not allowed')
    expect(() => canonicalize({ amount: Number.POSITIVE_INFINITY })).toThrow('Infinity is not allowed')
    expect(() => canonicalize(1n)).toThrow(TypeError)
    expect(() => canonicalize(undefined)).toThrow('Cannot canonicalize a value of type undefined')
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(() => canonicalize(cycle)).toThrow('Circular reference detected')
  })
})

describe('canonicalize against the vectors the server is checked with', () => {
  it.each(vectors.vectors)('$name', ({ input, canonical }) => {
    expect(canonicalize(JSON.parse(input))).toBe(canonical)
  })

  // A body the server cannot canonicalize could never verify: the SDK must not sign it either.
  it.each(vectors.refused.vectors)('refuses $name', ({ input }) => {
    expect(() => canonicalize(JSON.parse(input))).toThrow('Lone surrogate is not allowed')
  })

  it('serialises a signed request as the server rebuilds it', () => {
    const { request, canonical } = vectors.signaturePayload
    expect(canonicalize(getSignaturePayload(request))).toBe(canonical)
  })
})
