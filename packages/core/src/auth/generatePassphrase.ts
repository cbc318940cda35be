import { BaseError } from '../errors/BaseError'

export type GeneratePassphraseParameters = {
  /** Number of words, at least 1. */
  length: number
  /** Words to choose from, at least 2; each is equally likely. */
  wordlist: readonly string[]
  /** Put between words. Defaults to a space. */
  separator?: string | undefined
}

const range = 2 ** 32

/**
 * Makes a passphrase of `length` words drawn from `wordlist` with the platform's CSPRNG
 * (`crypto.getRandomValues`), each word equally likely.
 *
 * @throws {BaseError} `length must be at least 1`, `wordlist must have at least 2 words`.
 * @example
 * generatePassphrase({ length: 6, wordlist: bip39English }) // 'orbit lunar ankle fossil cradle siren'
 */
export function generatePassphrase({
  length,
  wordlist,
  separator = ' ',
}: GeneratePassphraseParameters): string {
  if (!(length >= 1)) throw new BaseError('length must be at least 1')
  if (!Number.isInteger(length)) {
    throw new BaseError('length must be at least 1', {
      details: `length is a number of words; got ${length}.`,
    })
  }
  if (wordlist.length < 2) throw new BaseError('wordlist must have at least 2 words')

  // x % n is biased towards the first (2^32 mod n) words; drawing again whenever x falls in the last,
  // incomplete block of n values makes every word exactly equally likely.
  const limit = range - (range % wordlist.length)
  const sample = new Uint32Array(1)
  const words: string[] = []
  while (words.length < length) {
    globalThis.crypto.getRandomValues(sample)
    const value = sample[0] ?? range
    if (value >= limit) continue
    const word = wordlist[value % wordlist.length]
    if (word !== undefined) words.push(word)
  }
  sample.fill(0)
  return words.join(separator)
}
