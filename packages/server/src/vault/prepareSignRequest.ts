import {
  bytesToHex,
  getTransactionType,
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  keccak256,
  serializeTransaction,
  type TransactionSerializable,
} from 'viem'
import type { Secp256k1Signature } from './signSecp256k1'
import type { ChainType, SignRequest, SignResult } from './types'
import { VaultError } from './VaultError'

/** What to sign and how to turn the signature into the answer, computed before any key is opened. */
export type PreparedSignRequest =
  | { curve: 'secp256k1'; digest: Uint8Array; finish(signature: Secp256k1Signature): SignResult }
  | { curve: 'ed25519'; message: Uint8Array; finish(signature: Uint8Array): SignResult }

export const INVALID_HASH_MESSAGE = 'hash must be 32 bytes of 0x-prefixed hex'

/** True for a 32-byte digest written as 0x-prefixed hex (what secp256k1_sign signs). */
export function isDigestHex(value: unknown): value is Hex {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)
}

const SUPPORTED_TRANSACTION_TYPES = new Set(['legacy', 'eip2930', 'eip1559'])

/**
 * Checks a request and computes the exact bytes to sign. The vault hashes the message, typed data
 * or transaction itself, so the signature is over what the caller asked to sign and nothing else;
 * all of this happens before the key is opened, so a bad request never touches key material.
 *
 * @example
 * const prepared = prepareSignRequest('ethereum', { method: 'personal_sign', message })
 */
export function prepareSignRequest(chainType: ChainType, request: SignRequest): PreparedSignRequest {
  const expected = request.method === 'solana_signMessage' ? 'solana' : 'ethereum'
  if (chainType !== expected) {
    throw new VaultError('unsupported_method', {
      message: `${request.method} is not available for ${chainType} accounts`,
    })
  }
  switch (request.method) {
    case 'personal_sign':
      assertBytes(request.message, 'message')
      return signDigest(request.method, hashMessage({ raw: request.message }, 'bytes'))
    case 'eth_signTypedData_v4': {
      let digest: Uint8Array
      try {
        digest = hexToBytes(hashTypedData(request.typedData))
      } catch (error) {
        throw new VaultError('invalid_request', { message: 'The typed data is not valid', cause: error })
      }
      return signDigest(request.method, digest)
    }
    case 'secp256k1_sign':
      if (!isDigestHex(request.hash))
        throw new VaultError('invalid_request', { message: INVALID_HASH_MESSAGE })
      return signDigest(request.method, hexToBytes(request.hash))
    case 'eth_signTransaction':
      return prepareTransaction(request.transaction)
    case 'solana_signMessage':
      assertBytes(request.message, 'message')
      return {
        curve: 'ed25519',
        message: request.message,
        finish: (signature) => ({ method: 'solana_signMessage', signature }),
      }
    default:
      throw new VaultError('unsupported_method', { message: 'Unknown signing method' })
  }
}

/**
 * The unsigned serialization of a transaction the vault agrees to sign (legacy, EIP-2930 or
 * EIP-1559, with a chain id). The remote client sends this and the vault server parses it back.
 *
 * @example
 * serializeUnsignedTransaction({ chainId: 1, to, value: 1n, gas: 21000n, maxFeePerGas, nonce: 0 })
 */
export function serializeUnsignedTransaction(transaction: TransactionSerializable): Hex {
  let type: string
  try {
    type = getTransactionType(transaction)
  } catch (error) {
    throw new VaultError('invalid_request', { message: 'The transaction is not valid', cause: error })
  }
  // Blob (3) and set-code (4) transactions are refused as core's normalizeTransaction refuses them.
  if (!SUPPORTED_TRANSACTION_TYPES.has(type)) throw new VaultError('unsupported_transaction_type')
  // Without a chain id a legacy signature is valid on every chain (no EIP-155 replay protection).
  if (typeof transaction.chainId !== 'number' || transaction.chainId <= 0) {
    throw new VaultError('invalid_request', { message: 'The transaction must include its chainId' })
  }
  try {
    return serializeTransaction(transaction)
  } catch (error) {
    throw new VaultError('invalid_request', { message: 'The transaction is not valid', cause: error })
  }
}

function prepareTransaction(transaction: TransactionSerializable): PreparedSignRequest {
  const unsigned = serializeUnsignedTransaction(transaction)
  return {
    curve: 'secp256k1',
    digest: keccak256(unsigned, 'bytes'),
    finish: ({ signature, recovery }) => ({
      method: 'eth_signTransaction',
      // v is 27/28 here; viem turns it into EIP-155's chainId * 2 + 35 + yParity for legacy.
      signedTransaction: serializeTransaction(transaction, {
        r: bytesToHex(signature.subarray(0, 32)),
        s: bytesToHex(signature.subarray(32, 64)),
        v: 27n + BigInt(recovery),
        yParity: recovery,
      }),
    }),
  }
}

function signDigest(
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'secp256k1_sign',
  digest: Uint8Array,
): PreparedSignRequest {
  return {
    curve: 'secp256k1',
    digest,
    finish: ({ signature, recovery }) => {
      const bytes = new Uint8Array(65)
      bytes.set(signature)
      bytes[64] = 27 + recovery
      return { method, signature: bytesToHex(bytes) }
    },
  }
}

function assertBytes(value: unknown, name: string): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array))
    throw new VaultError('invalid_request', { message: `${name} must be bytes` })
}
