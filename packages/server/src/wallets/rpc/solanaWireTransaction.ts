import { ApiError } from '@satchel/core'

/**
 * A Solana transaction in wire format: its signature slots and the message they sign. `signers` are
 * the message's first `numRequiredSignatures` account keys, in slot order.
 */
export type SolanaWireTransaction = {
  signatures: Uint8Array[]
  message: Uint8Array
  signers: Uint8Array[]
}

const SIGNATURE_BYTES = 64
const KEY_BYTES = 32

/**
 * Reads a wire transaction (legacy or v0 message): compact-u16 signature count, the signatures, then
 * the message, whose header says how many of its leading account keys must sign.
 *
 * @throws {ApiError} `invalid_data` when the bytes are not a well-formed transaction.
 * @example
 * const { message, signers } = decodeSolanaTransaction(Buffer.from(base64, 'base64'))
 */
export function decodeSolanaTransaction(bytes: Uint8Array): SolanaWireTransaction {
  const reader = { offset: 0 }
  const count = readShortVec(bytes, reader)
  const signatures: Uint8Array[] = []
  for (let i = 0; i < count; i++) signatures.push(take(bytes, reader, SIGNATURE_BYTES))
  const message = bytes.slice(reader.offset)
  const signers = readMessageSigners(message)
  if (!signers || signers.length !== count) throw invalid()
  return { signatures, message, signers }
}

/**
 * The signer keys of a message, or `undefined` when the bytes are not a legacy or v0 message. Used
 * also to refuse a "message" to sign that is in fact a transaction message.
 *
 * @example
 * readMessageSigners(message)?.length // numRequiredSignatures
 */
export function readMessageSigners(message: Uint8Array): Uint8Array[] | undefined {
  try {
    const reader = { offset: 0 }
    const first = message[0]
    if (first === undefined) return undefined
    if (first & 0x80) {
      // Versioned message: only version 0 exists.
      if ((first & 0x7f) !== 0) return undefined
      reader.offset = 1
    }
    const [required, readonlySigned, readonlyUnsigned] = take(message, reader, 3)
    const keyCount = readShortVec(message, reader)
    if (required === undefined || readonlySigned === undefined || readonlyUnsigned === undefined)
      return undefined
    if (required === 0 || required > keyCount || readonlySigned >= required) return undefined
    if (readonlyUnsigned > keyCount - required) return undefined
    const keys: Uint8Array[] = []
    for (let i = 0; i < keyCount; i++) keys.push(take(message, reader, KEY_BYTES))
    // A recent blockhash follows the keys; a message shorter than that is not a transaction.
    take(message, reader, KEY_BYTES)
    return keys.slice(0, required)
  } catch {
    return undefined
  }
}

/**
 * The wire bytes of a transaction with its (possibly updated) signatures.
 *
 * @example
 * const wire = encodeSolanaTransaction({ ...decoded, signatures })
 */
export function encodeSolanaTransaction(transaction: SolanaWireTransaction): Uint8Array {
  const count = encodeShortVec(transaction.signatures.length)
  const out = new Uint8Array(
    count.length + transaction.signatures.length * SIGNATURE_BYTES + transaction.message.length,
  )
  out.set(count, 0)
  let offset = count.length
  for (const signature of transaction.signatures) {
    out.set(signature, offset)
    offset += SIGNATURE_BYTES
  }
  out.set(transaction.message, offset)
  return out
}

function readShortVec(bytes: Uint8Array, reader: { offset: number }): number {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[reader.offset++]
    if (byte === undefined) throw invalid()
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return value
  }
  throw invalid()
}

function encodeShortVec(value: number): Uint8Array {
  const out: number[] = []
  let rest = value
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(byte)
      return Uint8Array.from(out)
    }
    out.push(byte | 0x80)
  }
}

function take(bytes: Uint8Array, reader: { offset: number }, length: number): Uint8Array {
  if (reader.offset + length > bytes.length) throw invalid()
  const slice = bytes.slice(reader.offset, reader.offset + length)
  reader.offset += length
  return slice
}

function invalid(): ApiError {
  return new ApiError('invalid_data', { message: 'The transaction is not a valid Solana transaction' })
}
