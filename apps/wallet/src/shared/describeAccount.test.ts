import { describe, expect, it } from 'vitest'
import { describeAccount } from './describeAccount'

const at = { verifiedAt: 0, firstVerifiedAt: 0 }

describe('describeAccount (the account menu and the ways-to-sign-in list)', () => {
  it('names each way in as a person reads it, a phone masked to its last 4 digits', () => {
    expect(describeAccount({ type: 'email', address: 'ada@example.com', ...at })).toBe(
      'Email ada@example.com',
    )
    expect(describeAccount({ type: 'phone', number: '+14155550100', ...at })).toBe('Phone ••••••••0100')
    expect(
      describeAccount({ type: 'wallet', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', ...at }),
    ).toBe('Wallet 0x709...79C8')
    expect(
      describeAccount({ type: 'passkey', createdWithBrowser: 'Chrome', createdWithOs: 'Linux', ...at }),
    ).toBe('Passkey (Chrome on Linux)')
    expect(describeAccount({ type: 'discord_oauth', username: 'ada', ...at })).toBe('discord ada')
  })
})
