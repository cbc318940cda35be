import { InvalidTransactionError, normalizeTransaction } from '@satchel/core'

export type RecipientCheck = { ok: true; address: `0x${string}` } | { ok: false; message: string }

/**
 * Checks a recipient address with core's transaction rules: 0x and 40 hex digits, and a correct EIP-55
 * checksum when it is written in mixed case (so a mistyped character is caught, not sent to).
 *
 * @example
 * validateRecipient('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // { ok: true, address: '0x7099…79C8' }
 * validateRecipient('0x70997970c51812dc3A010C7d01b50e0d17dc79C8') // { ok: false, message: '…checksum…' }
 */
export function validateRecipient(input: string): RecipientCheck {
  const text = input.trim()
  if (text === '') return { ok: false, message: 'Enter the address to send to' }
  // A Solana address here would be refused anyway; saying what it is tells the person what to do.
  if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text))
    return {
      ok: false,
      message: 'This is a Solana address. On an EVM chain, send to a 0x address, or choose a Solana network.',
    }
  if (!/^0x[0-9a-fA-F]{40}$/.test(text))
    return { ok: false, message: 'An address starts with 0x followed by 40 characters 0-9 and a-f' }
  try {
    const { to } = normalizeTransaction({ to: text })
    if (!to) return { ok: false, message: 'Enter the address to send to' }
    return { ok: true, address: to }
  } catch (error) {
    if (error instanceof InvalidTransactionError)
      return { ok: false, message: 'This address has a typo: its capital letters do not match its checksum' }
    throw error
  }
}
