import { afterAll, describe, expect, it } from 'vitest'
import type { Kv } from './createKv'
import { createTestKv, isRedisReachable } from './testKv'

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
})
