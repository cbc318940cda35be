import { getBase58Decoder, getTransactionDecoder, type ReadonlyUint8Array } from '@solana/kit'
import type { LandedTransaction } from './createSolanaLedger'

/**
 * A landed transaction's `meta`, as `getTransaction` answers it in `encoding`.
 *
 * @example
 * toTransactionMeta(record).fee // 5000n
 */
export function toTransactionMeta(
  record: LandedTransaction,
  encoding: LandedTransactionEncoding = 'json',
): Record<string, unknown> {
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
    // Agave leaves the loaded addresses out of a jsonParsed meta: its accountKeys list them instead.
    ...(encoding === 'jsonParsed' ? {} : { loadedAddresses: { writable: [], readonly: [] } }),
    computeUnitsConsumed: record.computeUnitsConsumed,
  }
}

/** The encodings `getTransaction` answers in. */
export type LandedTransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'

/**
 * A landed transaction as `getTransaction` answers it: `[data, 'base64' | 'base58']`; under `json`
 * `{signatures, message: {accountKeys, header, instructions, recentBlockhash}}`; under `jsonParsed`
 * the account keys as `{pubkey, signer, writable, source}` and each instruction with its program and
 * accounts by address. Like an RPC node for a program it has no parser for, the local cluster gives
 * every instruction in that partially decoded form (`{programId, accounts, data}`): readers of a
 * transfer go by the balances in `meta`, as wallets do.
 *
 * @example
 * encodeLandedTransaction(record, 'base64') // ['AQAB...', 'base64']
 */
export function encodeLandedTransaction(
  record: LandedTransaction,
  encoding: LandedTransactionEncoding,
): unknown {
  if (encoding === 'base64') return [Buffer.from(record.wire).toString('base64'), 'base64']
  if (encoding === 'base58') return [getBase58Decoder().decode(record.wire), 'base58']
  const transaction = getTransactionDecoder().decode(record.wire)
  const { message } = record
  const keys = message.staticAccounts
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  // Version 1 messages keep their instructions elsewhere; kit and the wallet send legacy and v0.
  const instructions = 'instructions' in message ? message.instructions : []
  const data = (bytes: ReadonlyUint8Array | undefined) => getBase58Decoder().decode(bytes ?? new Uint8Array())
  const parsed = encoding === 'jsonParsed'
  return {
    signatures: Object.values(transaction.signatures).map((bytes) =>
      bytes
        ? getBase58Decoder().decode(bytes)
        : '1111111111111111111111111111111111111111111111111111111111111111',
    ),
    message: {
      accountKeys: parsed
        ? keys.map((pubkey, index) => ({
            pubkey,
            // The header's order: writable signers, read-only signers, writable others, read-only others.
            signer: index < numSignerAccounts,
            writable:
              index < numSignerAccounts
                ? index < numSignerAccounts - numReadonlySignerAccounts
                : index < keys.length - numReadonlyNonSignerAccounts,
            source: 'transaction',
          }))
        : keys,
      ...(parsed
        ? {}
        : {
            header: {
              numRequiredSignatures: numSignerAccounts,
              numReadonlySignedAccounts: numReadonlySignerAccounts,
              numReadonlyUnsignedAccounts: numReadonlyNonSignerAccounts,
            },
          }),
      instructions: instructions.map((instruction) =>
        parsed
          ? {
              programId: keys[instruction.programAddressIndex],
              accounts: (instruction.accountIndices ?? []).map((index) => keys[index]),
              data: data(instruction.data),
              stackHeight: null,
            }
          : {
              programIdIndex: instruction.programAddressIndex,
              accounts: instruction.accountIndices ?? [],
              data: data(instruction.data),
              stackHeight: null,
            },
      ),
      recentBlockhash: message.lifetimeToken,
      ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
    },
  }
}
