import { afterEach, describe, expect, it, vi } from 'vitest'
import { BaseError } from '../errors/BaseError'
import { generatePassphrase } from './generatePassphrase'

const wordlist = ['apple', 'bread', 'cloud', 'dune', 'ember', 'fjord', 'grove']

/** Makes crypto.getRandomValues hand out `next()` as each 32-bit value. */
function stubRandom(next: () => number) {
  return vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
    if (array instanceof Uint32Array) {
      for (let index = 0; index < array.length; index++) array[index] = next()
    }
    return array
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('generatePassphrase', () => {
  it('joins length words of the list with spaces', () => {
    const words = generatePassphrase({ length: 6, wordlist }).split(' ')
    expect(words).toHaveLength(6)
    for (const word of words) expect(wordlist).toContain(word)
  })

  it('takes a separator', () => {
    expect(generatePassphrase({ length: 4, wordlist, separator: '-' }).split('-')).toHaveLength(4)
    expect(generatePassphrase({ length: 1, wordlist, separator: '-' })).not.toContain('-')
  })

  it('draws from crypto.getRandomValues', () => {
    const values = [0, 1, 11]
    const spy = stubRandom(() => values.shift() ?? 0)
    expect(generatePassphrase({ length: 3, wordlist })).toBe('apple bread ember')
    expect(spy).toHaveBeenCalledTimes(3)
  })

  it('draws again above the last complete block of the list, so no word is favoured', () => {
    // 2^32 mod 3 = 1: the value 2^32 - 1 would make the first word more likely, so it is refused.
    const values = [2 ** 32 - 1, 4, 2 ** 32 - 2]
    const spy = stubRandom(() => values.shift() ?? 0)
    expect(generatePassphrase({ length: 2, wordlist: ['a', 'b', 'c'] })).toBe('b c')
    expect(spy).toHaveBeenCalledTimes(3)
  })

  it('spreads words evenly (chi-square over a fixed pseudo-random stream)', () => {
    // A fixed xorshift32 stream makes the test deterministic: it can never flake, yet a sampler that
    // mapped values unevenly onto the list would fail it.
    let state = 0x9e3779b9
    stubRandom(() => {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      return state >>> 0
    })
    const draws = 70_000
    const counts = new Map<string, number>()
    for (const word of generatePassphrase({ length: draws, wordlist }).split(' ')) {
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
    const expected = draws / wordlist.length
    const chiSquare = wordlist.reduce(
      (sum, word) => sum + ((counts.get(word) ?? 0) - expected) ** 2 / expected,
      0,
    )
    // 6 degrees of freedom: 22.5 is the p = 0.001 critical value.
    expect(chiSquare).toBeLessThan(22.5)
  })

  it.each([0, -1, Number.NaN])('refuses length %s', (length) => {
    expect(() => generatePassphrase({ length, wordlist })).toThrow(new BaseError('length must be at least 1'))
  })

  it('refuses a fractional length', () => {
    expect(() => generatePassphrase({ length: 2.5, wordlist })).toThrowErrorMatchingInlineSnapshot(`
      [SatchelError: length must be at least 1

      Details: length is a number of words; got 2.5.]
    `)
  })

  it.each([[[]], [['only']]])('refuses the word list %j', (list) => {
    expect(() => generatePassphrase({ length: 3, wordlist: list })).toThrow(
      'wordlist must have at least 2 words',
    )
  })
})
