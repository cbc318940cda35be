import { describe, expect, it } from 'vitest'
import { validateRecipient } from './validateRecipient'

describe('validateRecipient (the Send screen refuses addresses that would lose funds)', () => {
  it('takes a checksummed, all-lowercase or all-uppercase address', () => {
    const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(validateRecipient(checksummed)).toEqual({ ok: true, address: checksummed })
    expect(validateRecipient(` ${checksummed.toLowerCase()} `)).toEqual({ ok: true, address: checksummed })
    expect(validateRecipient(`0x${checksummed.slice(2).toUpperCase()}`)).toEqual({
      ok: true,
      address: checksummed,
    })
  })

  it('refuses a mistyped checksum, a short address and an empty field, in words', () => {
    expect(validateRecipient('0x70997970c51812dc3A010C7d01b50e0d17dc79C8')).toEqual({
      ok: false,
      message: 'This address has a typo: its capital letters do not match its checksum',
    })
    expect(validateRecipient('0x7099')).toEqual({
      ok: false,
      message: 'An address starts with 0x followed by 40 characters 0-9 and a-f',
    })
    expect(validateRecipient('')).toEqual({ ok: false, message: 'Enter the address to send to' })
  })
})
