import { describe, expect, it } from 'vitest'
import { createId } from './tokens'

describe('createId', () => {
  it('answers a different unguessable id every time, across the refills of its random pool', () => {
    const ids = Array.from({ length: 1000 }, () => createId('usr'))
    for (const id of ids) expect(id).toMatch(/^usr_[A-Za-z0-9]{22}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // Not the same bytes under two prefixes either: each id takes bytes no other id took.
    const tails = new Set([...ids, createId('ses'), createId('acc')].map((id) => id.slice(4)))
    expect(tails.size).toBe(ids.length + 2)
  })
})
