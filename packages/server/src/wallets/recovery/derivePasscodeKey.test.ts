import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { derivePasscodeKey, PASSCODE_KDF, PASSCODE_KDF_SLOTS, passcodeKdfLimit } from './derivePasscodeKey'

const salt = new Uint8Array(16).fill(7)

describe('derivePasscodeKey', () => {
  it('is scrypt N=2^15 r=8 p=1 to 32 bytes', async () => {
    expect(PASSCODE_KDF).toEqual({ N: 32768, r: 8, p: 1 })
    const expected = scryptSync('violet-anchor-37', salt, 32, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    })
    expect(Buffer.from(await derivePasscodeKey('violet-anchor-37', salt)).equals(expected)).toBe(true)
  })

  it('gives another key for another salt (one guess tests one user)', async () => {
    const other = new Uint8Array(16).fill(8)
    const [a, b] = await Promise.all([derivePasscodeKey('same', salt), derivePasscodeKey('same', other)])
    expect(Buffer.from(a).equals(b)).toBe(false)
  })

  it('treats the same characters typed differently as the same passcode (NFKC)', async () => {
    const composed = await derivePasscodeKey('caf\u00e9-passcode', salt)
    const decomposed = await derivePasscodeKey('cafe\u0301-passcode', salt)
    expect(Buffer.from(composed).equals(decomposed)).toBe(true)
  })

  it('runs at most half the cores at once with 8 waiting: a flood beyond that is refused with too_many_requests, not queued', async () => {
    let mostRunning = 0
    const watch = setInterval(() => {
      mostRunning = Math.max(mostRunning, passcodeKdfLimit.load().running)
    }, 1)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => derivePasscodeKey(`flood-${i}`, salt)),
    )
    clearInterval(watch)
    const refused = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(PASSCODE_KDF_SLOTS + 8)
    expect(refused).toHaveLength(20 - PASSCODE_KDF_SLOTS - 8)
    for (const r of refused)
      expect(r.status === 'rejected' && r.reason).toMatchObject({ code: 'too_many_requests' })
    expect(mostRunning).toBe(PASSCODE_KDF_SLOTS)
    expect(passcodeKdfLimit.load()).toEqual({ running: 0, waiting: 0 })
  })
})
