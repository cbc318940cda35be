import type { FailedTransactionMetadata } from 'litesvm'

/** A transaction error as Solana's RPC writes it: `"BlockhashNotFound"`, `{"InstructionError":[0,{"Custom":1}]}`. */
export type TransactionErrorJson = string | Record<string, unknown>

// The names of litesvm's `const enum`s, in their declared order (litesvm/dist/internal.d.ts). The
// enums are erased at runtime, so the numbers it hands back are named here.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
] as const

// Agave's own wording (solana-transaction-error's Display) for the errors a wallet meets; the
// server matches some of it ("no record of a prior credit") to tell a user their balance is short.
const TRANSACTION_MESSAGES: Partial<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  AccountInUse: 'Account in use',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
}
const INSTRUCTION_MESSAGES: Partial<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IncorrectProgramId: 'incorrect program id for instruction',
}

/** The error of a failed transaction: the RPC's JSON for it, and the one line Agave would print. */
export type ReadTransactionErrorReturnType = { json: TransactionErrorJson; message: string }

/**
 * Names a litesvm failure as Solana's RPC does, so clients that branch on `err` (kit, the server's
 * `sendSolanaTransaction`) read the local cluster like a real one.
 *
 * @example
 * readTransactionError(failed) // { json: { InstructionError: [0, { Custom: 1 }] }, message: 'Error processing Instruction 0: custom program error: 0x1' }
 */
export function readTransactionError(failed: FailedTransactionMetadata): ReadTransactionErrorReturnType {
  const err: unknown = failed.err()
  if (typeof err === 'number') return fromTransactionName(TRANSACTION_ERRORS[err] ?? `TransactionError${err}`)
  if (typeof err === 'object' && err !== null && 'index' in err && typeof err.index === 'number') {
    if ('err' in err && typeof err.err === 'function') {
      const instruction = readInstructionError(err.err.call(err))
      return {
        json: { InstructionError: [err.index, instruction.json] },
        message: `Error processing Instruction ${err.index}: ${instruction.message}`,
      }
    }
    return {
      json: { DuplicateInstruction: err.index },
      message: `Transaction contains a duplicate instruction (${err.index}) that is not allowed`,
    }
  }
  if (typeof err === 'object' && err !== null && 'accountIndex' in err) {
    const accountIndex = Number(err.accountIndex)
    // Both remaining variants carry only `accountIndex`; their printed form tells them apart.
    if (String(err).includes('Restricted'))
      return {
        json: { ProgramExecutionTemporarilyRestricted: { account_index: accountIndex } },
        message: `Execution of the program referenced by account at index ${accountIndex} is temporarily restricted.`,
      }
    return {
      json: { InsufficientFundsForRent: { account_index: accountIndex } },
      message: `Transaction results in an account (${accountIndex}) with insufficient funds for rent`,
    }
  }
  return fromTransactionName(String(err))
}

function fromTransactionName(name: string): ReadTransactionErrorReturnType {
  return { json: name, message: TRANSACTION_MESSAGES[name] ?? name }
}

function readInstructionError(err: unknown): { json: TransactionErrorJson; message: string } {
  if (typeof err === 'number') {
    const name = INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`
    return { json: name, message: INSTRUCTION_MESSAGES[name] ?? name }
  }
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'number')
    return { json: { Custom: err.code }, message: `custom program error: 0x${err.code.toString(16)}` }
  if (typeof err === 'object' && err !== null && 'msg' in err && typeof err.msg === 'string')
    return {
      json: { BorshIoError: err.msg },
      message: `Failed to serialize or deserialize account data: ${err.msg}`,
    }
  return { json: String(err), message: String(err) }
}
