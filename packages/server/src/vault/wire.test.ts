import { describe, expect, it } from 'vitest'
import { decodeWire, encodeWire } from './wire'

describe('encodeWire / decodeWire', () => {
  it('carries bytes as base64 and bigints as decimal strings, anywhere in the value', () => {
    const value = {
      share: Uint8Array.of(1, 2, 255),
      nested: [{ value: 10n ** 30n, negative: -5n }],
      n: 1,
      s: 'x',
    }
    const text = encodeWire(value)
    expect(text).toBe(
      '{"share":{"$bytes":"AQL/"},"nested":[{"value":{"$bigint":"1000000000000000000000000000000"},"negative":{"$bigint":"-5"}}],"n":1,"s":"x"}',
    )
    expect(decodeWire(text)).toEqual(value)
  })

  it('turns a Buffer into plain bytes', () => {
    const decoded = decodeWire(encodeWire({ b: Buffer.from('hi') }))
    expect(decoded).toEqual({ b: new Uint8Array(Buffer.from('hi')) })
  })

  it("keeps a caller's own $-keys as data instead of reading them as tags", () => {
    const value = { message: { $bytes: 'not a tag', $$x: 1 } }
    expect(decodeWire(encodeWire(value))).toEqual(value)
  })

  it('refuses unknown or malformed tags', () => {
    expect(() => decodeWire('{"$evil":1}')).toThrow('Unknown wire tag')
    expect(() => decodeWire('{"$bigint":"1e3"}')).toThrow('Malformed $bigint value')
    expect(() => decodeWire('{"$bytes":"***"}')).toThrow('Malformed $bytes value')
  })

  it('keeps a "__proto__" key as data, never as the prototype', () => {
    const decoded = decodeWire('{"__proto__":{"polluted":true}}')
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
