import { getBase58Decoder, getTransactionDecoder } from '@solana/kit'
import type { LandedTransaction } from './createSolanaLedger'

/**
 * A landed transaction's `meta`, as `getTransaction` answers it.
 *
 * @example
 * toTransactionMeta(record).fee // 5000n
 */
export function toTransactionMeta(record: LandedTransaction): Record<string, unknown> {
  return {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: [],
    logMessages: record.logMessages,
    preTokenBalances: record.preTokenBalances,
    postTokenBalances: record.postTokenBalances,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: record.computeUnitsConsumed,
  }
}

/**
 * A landed transaction as `getTransaction` answers it: `[data, 'base64' | 'base58']`, or under `json`
 * `{signatures, message: {accountKeys, header, instructions, recentBlockhash}}`.
 *
 * @example
 * encodeLandedTransaction(record, 'base64') // ['AQAB...', 'base64']
 */
export function encodeLandedTransaction(
  record: LandedTransaction,
  encoding: 'json' | 'base64' | 'base58',
): unknown {
  if (encoding === 'base64') return [Buffer.from(record.wire).toString('base64'), 'base64']
  if (encoding === 'base58') return [getBase58Decoder().decode(record.wire), 'base58']
  const transaction = getTransactionDecoder().decode(record.wire)
  const { message } = record
  return {
    signatures: Object.values(transaction.signatures).map((bytes) =>
      bytes
        ? getBase58Decoder().decode(bytes)
        : '1111111111111111111111111111111111111111111111111111111111111111',
    ),
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      // Version 1 messages keep their instructions elsewhere; kit and the wallet send legacy and v0.
      instructions: ('instructions' in message ? message.instructions : []).map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices ?? [],
        data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
    },
  }
}
