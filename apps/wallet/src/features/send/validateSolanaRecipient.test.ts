import { describe, expect, it } from 'vitest'
import { validateRecipient } from './validateRecipient'
import { validateSolanaRecipient } from './validateSolanaRecipient'

const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('validateSolanaRecipient (the Send screen refuses what would lose funds on Solana)', () => {
  it('takes a base58 32-byte address, trimmed, including the system program’s all-ones address', () => {
    expect(validateSolanaRecipient(` ${SOLANA} `)).toEqual({ ok: true, address: SOLANA })
    expect(validateSolanaRecipient('11111111111111111111111111111111')).toEqual({
      ok: true,
      address: '11111111111111111111111111111111',
    })
  })

  it('says an EVM address is an EVM address, and refuses characters base58 lacks', () => {
    expect(validateSolanaRecipient(EVM)).toEqual({
      ok: false,
      message: 'This is an EVM address (0x…). On Solana, send to a Solana address, or choose an EVM chain.',
    })
    expect(validateSolanaRecipient(`${SOLANA.slice(0, -1)}0`)).toMatchObject({
      ok: false,
      message: expect.stringContaining('without 0, O, I or l'),
    })
  })

  it('refuses base58 that is not 32 bytes (a truncated address, a signature) and an empty field', () => {
    expect(validateSolanaRecipient(SOLANA.slice(0, 30))).toMatchObject({ ok: false })
    expect(validateSolanaRecipient(`${SOLANA}${SOLANA}`)).toMatchObject({ ok: false })
    expect(validateSolanaRecipient('')).toEqual({ ok: false, message: 'Enter the address to send to' })
  })
})

describe('validateRecipient on an EVM chain, given a Solana address', () => {
  it('says it is a Solana address instead of describing hex', () => {
    expect(validateRecipient(SOLANA)).toEqual({
      ok: false,
      message: 'This is a Solana address. On an EVM chain, send to a 0x address, or choose a Solana network.',
    })
  })
})
