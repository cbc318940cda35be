import { describe, expect, it } from 'vitest'
import { estimatePassphraseEntropy, estimatePasswordEntropy } from './estimatePasswordEntropy'

describe('estimatePasswordEntropy', () => {
  it('counts 26 for lowercase letters', () => {
    expect(estimatePasswordEntropy('abc')).toEqual({
      bits: 3 * Math.log2(26),
      pool: 26,
      strength: 'very weak',
    })
  })

  it.each([
    ['ABCD', 26],
    ['1234', 10],
    ['!@#$', 33],
    ['abCD', 52],
    ['ab12', 36],
    ['ab!?', 59],
    ['aB1!', 95],
  ])('gives %s a pool of %i', (password, pool) => {
    expect(estimatePasswordEntropy(password)).toMatchObject({ pool, bits: 4 * Math.log2(pool) })
  })

  it('adds each class once however often it appears', () => {
    expect(estimatePasswordEntropy('aaaaaaaa').pool).toBe(26)
  })

  it('counts anything that is not an ASCII letter or digit as a symbol', () => {
    expect(estimatePasswordEntropy('é ')).toEqual({
      bits: 2 * Math.log2(33),
      pool: 33,
      strength: 'very weak',
    })
    // One emoji is one character of length.
    expect(estimatePasswordEntropy('a🔑').bits).toBe(2 * Math.log2(59))
  })

  it('gives an empty password 0 bits', () => {
    expect(estimatePasswordEntropy('')).toEqual({ bits: 0, pool: 0, strength: 'very weak' })
  })

  // Each label is checked just below and just above its bounds (28, 36, 60 and 128 bits).
  it.each([
    ['abcde', 23.5, 'very weak'],
    ['abcdef', 28.2, 'weak'],
    ['abcdefg', 32.9, 'weak'],
    ['abcdefgh', 37.6, 'fair'],
    ['aB1!aB1!a', 59.1, 'fair'],
    ['aB1!aB1!aB', 65.7, 'strong'],
    ['aB1!aB1!aB1!aB1!aB1', 124.8, 'strong'],
    ['aB1!aB1!aB1!aB1!aB1!', 131.4, 'very strong'],
  ])('rates %s (%f bits) as %s', (password, bits, strength) => {
    expect(estimatePasswordEntropy(password)).toMatchObject({ bits: expect.closeTo(bits, 1), strength })
  })
})

describe('estimatePassphraseEntropy', () => {
  it('counts only the draws: six words of 2048 are 66 bits, however many letters they have', () => {
    expect(estimatePassphraseEntropy({ words: 6, wordlistSize: 2048 })).toEqual({
      bits: 66,
      strength: 'strong',
    })
    // The same passphrase read as characters looks far stronger than it is.
    expect(estimatePasswordEntropy('orbit-lunar-ankle-fossil-cradle-siren').bits).toBeGreaterThan(200)
  })

  it('gives nothing for no words or a list of one', () => {
    expect(estimatePassphraseEntropy({ words: 0, wordlistSize: 2048 })).toEqual({
      bits: 0,
      strength: 'very weak',
    })
    expect(estimatePassphraseEntropy({ words: 6, wordlistSize: 1 })).toEqual({
      bits: 0,
      strength: 'very weak',
    })
  })
})
