import { describe, expect, it } from 'vitest'
import { createKv } from '../platform/kv/createKv'
import { startAttemptLiveness } from './startAttemptLiveness'

describe('startAttemptLiveness', () => {
  it("tells a live process's attempts from a stopped (or killed) one's, and knows nothing of other owners", async () => {
    const kv = createKv(undefined)
    const first = startAttemptLiveness(kv)
    const second = startAttemptLiveness(kv)
    const owner = first.owner()
    expect(owner).toMatch(/^proc_[A-Za-z0-9]+:[0-9a-f-]{36}$/)
    expect(first.owner()).not.toBe(owner)
    expect(await second.isAlive(owner)).toBe(true)
    await first.stop()
    expect(await second.isAlive(owner)).toBe(false)
    expect(await second.isAlive('proc_nobody:1')).toBe(false)
    expect(await second.isAlive('a-process-from-before-leases')).toBeUndefined()
    await second.stop()
    await kv.close()
  })
})
