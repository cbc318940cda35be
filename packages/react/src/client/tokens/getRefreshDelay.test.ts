import { describe, expect, it } from 'vitest'
import { getRefreshDelay } from './getRefreshDelay'

describe('getRefreshDelay', () => {
  it('refreshes an hour-long token a minute before it expires', () => {
    expect(getRefreshDelay({ issuedAt: 0, expiresAt: 3_600_000, now: 0 })).toBe(3_540_000)
  })

  it('refreshes a short token at four fifths of its life', () => {
    expect(getRefreshDelay({ issuedAt: 0, expiresAt: 10_000, now: 0 })).toBe(8_000)
  })

  it('refreshes at once when the moment has passed', () => {
    expect(getRefreshDelay({ issuedAt: 0, expiresAt: 3_600_000, now: 3_590_000 })).toBe(0)
  })
})
