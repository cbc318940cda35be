import { describe, expect, it } from 'vitest'
import { findUnsafeInput, MAX_INPUT_DEPTH } from './findUnsafeInput'

const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nest(levels - 1) })

describe('findUnsafeInput', () => {
  it('passes ordinary JSON, emoji (a surrogate pair) included', () => {
    expect(
      findUnsafeInput({
        message: 'hello 😀',
        n: 1.5,
        list: [true, null, { deep: ['x'] }],
        ok: '\ud83d\ude00',
      }),
    ).toBeUndefined()
  })

  it('finds a NUL in a value or a key, at any depth within the limit', () => {
    expect(findUnsafeInput({ caip2: 'eip155:1\u0000' })).toBe('a NUL character')
    expect(findUnsafeInput({ '\u0000': 1 })).toBe('a NUL character')
    expect(findUnsafeInput([[['\u0000']]])).toBe('a NUL character')
  })

  it('finds a high or a low surrogate standing alone, at the start, the middle or the end', () => {
    for (const text of ['\ud800', 'a\ud800b', 'end\udbff', '\udc00start', 'x\udfffy', '\ude00\ud83d'])
      expect(findUnsafeInput({ text }), JSON.stringify(text)).toBe('a lone surrogate')
    expect(findUnsafeInput({ '\ud800': 'key' })).toBe('a lone surrogate')
  })

  it('finds a number JSON parsed to Infinity', () => {
    expect(findUnsafeInput(JSON.parse('{"v":1e400}'))).toBe('a number out of range')
    expect(findUnsafeInput([Number.NEGATIVE_INFINITY])).toBe('a number out of range')
  })

  it(`allows ${MAX_INPUT_DEPTH} levels of nesting and no more`, () => {
    expect(findUnsafeInput(nest(MAX_INPUT_DEPTH))).toBeUndefined()
    expect(findUnsafeInput(nest(MAX_INPUT_DEPTH + 1))).toBe('too much nesting')
    expect(findUnsafeInput(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(
      'too much nesting',
    )
  })
})
