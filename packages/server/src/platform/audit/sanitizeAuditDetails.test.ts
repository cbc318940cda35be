import { describe, expect, it } from 'vitest'
import { AUDIT_MAX_DEPTH, AUDIT_MAX_MEMBERS, sanitizeAuditDetails } from './sanitizeAuditDetails'
import { AUDIT_MAX_STRING_LENGTH } from './sanitizeAuditText'

describe('sanitizeAuditDetails', () => {
  it('turns what jsonb refuses into what it accepts, in values and keys', () => {
    expect(
      sanitizeAuditDetails({
        caip2: 'eip155:1\u0000',
        'k\u0000ey': 'lone \udc00 low, lone \ud83d high, pair \ud83d\ude00 kept',
        amount: 10n,
        ratio: Number.NaN,
        when: new Date(0),
        gone: undefined,
        fn: () => 1,
      }),
    ).toEqual({
      caip2: 'eip155:1\uFFFD',
      'k\uFFFDey': 'lone \uFFFD low, lone \uFFFD high, pair \ud83d\ude00 kept',
      amount: '10',
      ratio: null,
      when: '1970-01-01T00:00:00.000Z',
    })
  })

  it('bounds length, depth and width, so one request cannot make a huge row', () => {
    let deep: Record<string, unknown> = { end: true }
    for (let i = 0; i < 10; i++) deep = { deeper: deep }
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]))
    const out = sanitizeAuditDetails({ long: 'x'.repeat(10_000), deep, wide, list: Array(100).fill(1) })
    expect(out.long).toBe(`${'x'.repeat(AUDIT_MAX_STRING_LENGTH)}…`)
    expect(JSON.stringify(out.deep)).toBe(
      `${'{"deeper":'.repeat(AUDIT_MAX_DEPTH - 1)}"[too deep]"${'}'.repeat(AUDIT_MAX_DEPTH - 1)}`,
    )
    expect(Object.keys(out.wide as object)).toHaveLength(AUDIT_MAX_MEMBERS)
    expect(out.list).toHaveLength(AUDIT_MAX_MEMBERS)
  })

  it('cutting a string never leaves half a surrogate pair', () => {
    const text = `${'a'.repeat(AUDIT_MAX_STRING_LENGTH - 1)}\ud83d\ude00`
    expect(sanitizeAuditDetails({ text }).text).toBe(`${'a'.repeat(AUDIT_MAX_STRING_LENGTH - 1)}\uFFFD…`)
  })
})
