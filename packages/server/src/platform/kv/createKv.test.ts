import { afterAll, describe, expect, it } from 'vitest'
import { createTestKv, isRedisReachable } from '../../../test/support/testKv'
import type { Kv } from './createKv'

describe.each([['memory'], ['auto']] as const)('kv (%s)', (kind) => {
  let kv: Kv
  afterAll(() => kv?.close())

  it('counts within a window and starts again after it', async () => {
    kv = await createTestKv(kind)
    if (kind === 'auto') expect(kv.kind).toBe((await isRedisReachable()) ? 'redis' : 'memory')
    expect(await kv.increment('hits', 1)).toBe(1)
    expect(await kv.increment('hits', 1)).toBe(2)
    await new Promise((r) => setTimeout(r, 1100))
    expect(await kv.increment('hits', 1)).toBe(1)
  })

  it('sets a flag only once, so a nonce or request id cannot be used twice', async () => {
    expect(await kv.setIfAbsent('nonce:1', 'a', 60)).toBe(true)
    expect(await kv.setIfAbsent('nonce:1', 'b', 60)).toBe(false)
    expect(await kv.get('nonce:1')).toBe('a')
  })

  it('takes a value exactly once under concurrency', async () => {
    await kv.setIfAbsent('once', 'v', 60)
    const results = await Promise.all(Array.from({ length: 10 }, () => kv.take('once')))
    expect(results.filter((r) => r === 'v')).toHaveLength(1)
  })

  it('counts and claims in one step: a claim is made once, and never over the limit', async () => {
    const counter = { key: 'wallet-count', ttlSeconds: 60, limit: 3 }
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => kv.incrementAndClaim(counter, { key: 'request:a', ttlSeconds: 60 })),
    )
    expect(attempts.map((attempt) => attempt.count).sort()).toEqual([1, 2, 3, 4])
    expect(attempts.filter((attempt) => attempt.claimed)).toHaveLength(1)
    expect(await kv.setIfAbsent('request:a', '1', 60)).toBe(false)

    // Over the limit, a new request is counted but not claimed: once the window allows it, it can be.
    expect(await kv.incrementAndClaim(counter, { key: 'request:b', ttlSeconds: 60 })).toEqual({
      count: 5,
      claimed: false,
    })
    expect(await kv.setIfAbsent('request:b', '1', 60)).toBe(true)
  })

  it('counts keys in order and stops at the first over its limit: the keys after it are not counted', async () => {
    const narrow = { key: 'order:narrow', ttlSeconds: 60, limit: 2 }
    const wide = { key: 'order:wide', ttlSeconds: 60, limit: 10 }
    expect(await kv.incrementInOrder([narrow, wide])).toBe(true)
    expect(await kv.incrementInOrder([narrow, wide])).toBe(true)
    expect(await kv.incrementInOrder([narrow, wide])).toBe(false)
    expect(await kv.incrementInOrder([narrow, wide])).toBe(false)
    // The narrow key counted every call; the wide one only the two that passed the narrow one.
    expect(await kv.increment('order:narrow', 60)).toBe(5)
    expect(await kv.increment('order:wide', 60)).toBe(3)
  })
})
