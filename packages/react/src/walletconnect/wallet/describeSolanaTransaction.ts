import {
  AccountRole,
  type Address,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getU32Decoder,
  getU64Decoder,
} from '@solana/kit'
import {
  identifySystemInstruction,
  parseCreateAccountInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'

/** Value one instruction moves: SOL in lamports, or a token in its smallest unit. */
export type SolanaTransfer =
  | { asset: 'SOL'; from: string; to: string; amount: bigint }
  | {
      asset: 'token'
      /** The owner (or delegate) whose tokens move. */
      from: string
      /** The token account credited (its owner is not in the transaction). */
      to: string
      amount: bigint
      /** Named by `transferChecked` only, with the decimals; undefined for a plain `transfer`. */
      mint: string | undefined
      decimals: number | undefined
    }

/** A Solana transaction as the person approving it needs to see it. */
export type SolanaTransactionSummary = {
  kind: 'solanaTransaction'
  /** `solana_signAndSendTransaction` (signed and sent) rather than `solana_signTransaction`. */
  send: boolean
  /** Who pays the fee: the first signer. */
  feePayer: string
  transfers: SolanaTransfer[]
  /** Lamports: 5,000 per signature, plus the priority fee its compute-budget instructions set. */
  fee: bigint
  /**
   * Programs of the instructions this wallet cannot read: what they do is unknown, so the
   * transaction is dangerous to approve unseen. Empty when every instruction was read.
   */
  unknown: string[]
}

const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PQnQ5Z7gNc4dHvq'
const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAM_ADDRESSES = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]
/** What every cluster charges per signature today. */
const LAMPORTS_PER_SIGNATURE = 5000n
// The compute a transaction may use when it sets no limit: 200,000 units per instruction, at most 1.4 M.
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_UNITS = 1_400_000n

type Instruction = {
  programAddress: Address
  accounts: { address: Address; role: AccountRole }[]
  data: Uint8Array
}

/** What one instruction does, when this wallet can read it: `undefined` means it cannot. */
function readInstruction(instruction: Instruction): SolanaTransfer[] | undefined {
  const { programAddress, data } = instruction
  try {
    if (programAddress === SYSTEM_PROGRAM_ADDRESS) {
      switch (identifySystemInstruction(data)) {
        case SystemInstruction.TransferSol: {
          const { accounts, data: args } = parseTransferSolInstruction(instruction)
          return [
            {
              asset: 'SOL',
              from: accounts.source.address,
              to: accounts.destination.address,
              amount: args.amount,
            },
          ]
        }
        case SystemInstruction.CreateAccount: {
          const { accounts, data: args } = parseCreateAccountInstruction(instruction)
          const { payer, newAccount } = accounts
          return [{ asset: 'SOL', from: payer.address, to: newAccount.address, amount: args.lamports }]
        }
        case SystemInstruction.AdvanceNonceAccount:
          return []
        default:
          return undefined
      }
    }
    if (programAddress === TOKEN_PROGRAM_ADDRESS || programAddress === TOKEN_2022_PROGRAM_ADDRESS) {
      // Token-2022 keeps the original program's layout for these two.
      switch (identifyTokenInstruction(data)) {
        case TokenInstruction.Transfer: {
          const { accounts, data: args } = parseTransferInstruction(instruction)
          const { authority, destination } = accounts
          return [
            {
              asset: 'token',
              from: authority.address,
              to: destination.address,
              amount: args.amount,
              mint: undefined,
              decimals: undefined,
            },
          ]
        }
        case TokenInstruction.TransferChecked: {
          const { accounts, data: args } = parseTransferCheckedInstruction(instruction)
          const { authority, destination, mint } = accounts
          return [
            {
              asset: 'token',
              from: authority.address,
              to: destination.address,
              amount: args.amount,
              mint: mint.address,
              decimals: args.decimals,
            },
          ]
        }
        default:
          return undefined
      }
    }
    // Opening the recipient's token account (the payer puts down its rent), a memo, the compute
    // budget: nothing that moves what the person holds beyond the fee.
    if (
      programAddress === ASSOCIATED_TOKEN_PROGRAM_ADDRESS ||
      programAddress === COMPUTE_BUDGET_PROGRAM_ADDRESS ||
      MEMO_PROGRAM_ADDRESSES.includes(programAddress)
    )
      return []
  } catch {
    // Too few accounts or short data for what it claims to be: unreadable.
  }
  return undefined
}

/** The priority fee, in lamports, that the compute-budget instructions set (rounded up, as the runtime does). */
function readPriorityFee(instructions: readonly Instruction[]): bigint {
  let units: bigint | undefined
  let microLamportsPerUnit = 0n
  for (const { programAddress, data } of instructions) {
    if (programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS) continue
    if (data[0] === 2 && data.length >= 5) units = BigInt(getU32Decoder().decode(data, 1))
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = getU64Decoder().decode(data, 1)
  }
  const others = instructions.filter((ix) => ix.programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS).length
  const limit = units ?? minBigInt(DEFAULT_UNITS_PER_INSTRUCTION * BigInt(others), MAX_UNITS)
  return (microLamportsPerUnit * limit + 999_999n) / 1_000_000n
}

const minBigInt = (a: bigint, b: bigint) => (a < b ? a : b)

/**
 * Reads a Solana wire transaction (base64, untrusted: from a connected app) into what it would do:
 * the SOL and token transfers it makes, who pays, the fee, and the programs whose instructions this
 * wallet cannot read (an account from an address lookup table counts as unreadable: it cannot be
 * named offline). Reads legacy and v0 transactions with `@solana/kit` and the System and Token
 * program clients; anything else is `undefined`.
 *
 * @example
 * describeSolanaTransaction({ transaction: base64, send: true })
 * // { kind: 'solanaTransaction', send: true, feePayer: '7xKX…', transfers: [{ asset: 'SOL', amount: 1_000_000n, … }], fee: 5000n, unknown: [] }
 */
export function describeSolanaTransaction({
  transaction,
  send,
}: {
  transaction: string
  send: boolean
}): SolanaTransactionSummary | undefined {
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    const { messageBytes } = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  } catch {
    return undefined
  }
  if (message.version === 1) return undefined
  const { staticAccounts } = message
  const feePayer = staticAccounts[0]
  if (!feePayer) return undefined
  const transfers: SolanaTransfer[] = []
  const unknown = new Set<string>()
  const instructions: Instruction[] = []
  for (const compiled of message.instructions) {
    const programAddress = staticAccounts[compiled.programAddressIndex]
    if (!programAddress) return undefined
    const addresses = (compiled.accountIndices ?? []).map((index) => staticAccounts[index])
    const instruction = {
      programAddress,
      // Roles do not matter to the parsers; only the addresses and their order do.
      accounts: addresses.flatMap((address) => (address ? [{ address, role: AccountRole.READONLY }] : [])),
      data: Uint8Array.from(compiled.data ?? []),
    }
    instructions.push(instruction)
    const read = addresses.every(Boolean) ? readInstruction(instruction) : undefined
    if (read) transfers.push(...read)
    else unknown.add(programAddress)
  }
  return {
    kind: 'solanaTransaction',
    send,
    feePayer,
    transfers,
    fee: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + readPriorityFee(instructions),
    unknown: [...unknown],
  }
}
