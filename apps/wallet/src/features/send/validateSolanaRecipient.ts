import { getBase58Encoder } from '@solana/kit'

export type SolanaRecipientCheck = { ok: true; address: string } | { ok: false; message: string }

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

/**
 * Checks a recipient on a Solana cluster: base58 text that decodes to exactly 32 bytes (a public key).
 * An EVM address is refused in words, since coins sent to it on Solana would be lost.
 *
 * @example
 * validateSolanaRecipient('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM') // { ok: true, address: '9WzD…AWWM' }
 * validateSolanaRecipient('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // { ok: false, message: 'This is an EVM address…' }
 */
export function validateSolanaRecipient(input: string): SolanaRecipientCheck {
  const text = input.trim()
  if (text === '') return { ok: false, message: 'Enter the address to send to' }
  if (/^0x[0-9a-fA-F]*$/.test(text))
    return {
      ok: false,
      message: 'This is an EVM address (0x…). On Solana, send to a Solana address, or choose an EVM chain.',
    }
  if (!BASE58.test(text))
    return {
      ok: false,
      message: 'A Solana address is written in base58: letters and digits, without 0, O, I or l',
    }
  // 32 bytes are 32 to 44 base58 characters; the decoded length is what decides.
  if (text.length > 44 || getBase58Encoder().encode(text).length !== 32)
    return { ok: false, message: 'This is not a Solana address: it should be 32 to 44 characters long' }
  return { ok: true, address: text }
}
