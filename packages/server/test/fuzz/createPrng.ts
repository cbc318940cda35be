/** A small seeded random source: the same seed replays the same requests. */
export type Prng = {
  readonly seed: number
  /** In [0, 1). */
  next(): number
  /** An integer in [0, n). */
  int(n: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

/**
 * mulberry32: 32 bits of state, fast, and good enough to spread a fuzzer's choices (not for secrets).
 *
 * @example
 * const random = createPrng(42)
 * random.pick(['a', 'b']) // the same on every run with seed 42
 */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  return {
    seed,
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    chance: (p) => next() < p,
  }
}
