import {
  type Address,
  address,
  appendTransactionMessageInstruction,
  assertIsFullySignedTransaction,
  type Blockhash,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  createTransactionMessage,
  type EncodedAccount,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { Clock, FailedTransactionMetadata, type LiteSVM } from 'litesvm'
import { formatTokenAmount } from './encodeSolanaAccount'
import { readTransactionError, type TransactionErrorJson } from './readTransactionError'
import { SolanaRpcError } from './SolanaRpcError'

/** A landed transaction, kept for `getSignatureStatuses`, `getSignaturesForAddress` and `getTransaction`. */
export type LandedTransaction = {
  signature: string
  slot: bigint
  blockTime: number
  wire: Uint8Array
  message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  err: TransactionErrorJson | null
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: Record<string, unknown>[]
  postTokenBalances: Record<string, unknown>[]
  logMessages: string[]
  computeUnitsConsumed: bigint
}

export type SimulationValue = {
  err: TransactionErrorJson | null
  /** Agave's one line for `err`, for the preflight error's message. */
  errMessage: string | null
  logs: string[]
  unitsConsumed: bigint
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: bigint } | null
}

// A blockhash stays usable for this many slots, as on a real cluster (MAX_PROCESSING_AGE).
const BLOCKHASH_VALIDITY_SLOTS = 150n
// How much history `getSignaturesForAddress` and `getTransaction` can reach.
const MAX_HISTORY = 10_000
const EARLY_ERRORS = {
  BlockhashNotFound: { err: 'BlockhashNotFound', errMessage: 'Blockhash not found' },
  AlreadyProcessed: { err: 'AlreadyProcessed', errMessage: 'This transaction has already been processed' },
} as const
// LiteSVM's fee (its default FeeStructure): 5,000 lamports per signature.
export const LAMPORTS_PER_SIGNATURE = 5_000n

/**
 * The cluster's state over one LiteSVM: each landed transaction is a slot of its own, after which a
 * new blockhash is issued (earlier ones stay valid for 150 slots), so the same transfer sent twice
 * with fresh blockhashes is two transactions, as on a real cluster. LiteSVM's own blockhash check
 * knows only the latest blockhash; this ledger checks against the recent ones instead.
 */
export function createSolanaLedger(
  svm: LiteSVM,
  faucet: KeyPairSigner,
  onLanded: (record: LandedTransaction) => void = () => {},
) {
  svm.withBlockhashCheck(false)
  const recentBlockhashes = new Map<string, bigint>()
  const landed = new Map<string, LandedTransaction>()
  const order: LandedTransaction[] = []
  const decoder = getCompiledTransactionMessageDecoder()

  const slot = (): bigint => svm.getClock().slot
  const issueBlockhash = () => {
    recentBlockhashes.set(svm.latestBlockhash(), slot() + BLOCKHASH_VALIDITY_SLOTS)
    for (const [hash, lastValid] of recentBlockhashes) if (lastValid < slot()) recentBlockhashes.delete(hash)
  }
  issueBlockhash()

  const advanceSlot = () => {
    const clock = svm.getClock()
    svm.setClock(
      new Clock(
        clock.slot + 1n,
        clock.epochStartTimestamp,
        clock.epoch,
        clock.leaderScheduleEpoch,
        BigInt(Math.floor(Date.now() / 1000)),
      ),
    )
    svm.expireBlockhash()
    issueBlockhash()
  }

  const getAccount = (at: string): EncodedAccount | null => {
    const account = svm.getAccount(address(at))
    return account.exists ? account : null
  }
  const getDecimals = (mint: string): number => {
    const account = getAccount(mint)
    if (!account || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== 82) return 0
    return getMintDecoder().decode(account.data).decimals
  }
  const readTokenBalances = (keys: readonly Address[]) =>
    keys.flatMap((key, accountIndex) => {
      const account = getAccount(key)
      if (!account || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== 165)
        return []
      const token = getTokenDecoder().decode(account.data)
      return [
        {
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: formatTokenAmount(token.amount, getDecimals(token.mint)),
        },
      ]
    })
  const decode = (transaction: Transaction) => decoder.decode(transaction.messageBytes)
  const isRecent = (blockhash: string) => (recentBlockhashes.get(blockhash) ?? -1n) >= slot()

  // Errors found before execution: such a transaction never lands (no fee, no status).
  const checkBeforeExecution = (transaction: Transaction): keyof typeof EARLY_ERRORS | undefined => {
    if (!isRecent(decode(transaction).lifetimeToken)) return 'BlockhashNotFound'
    if (landed.has(getSignatureFromTransaction(transaction))) return 'AlreadyProcessed'
    return undefined
  }

  const execute = (
    transaction: Transaction,
  ): LandedTransaction | { err: TransactionErrorJson; message: string } => {
    const message = decode(transaction)
    const keys = message.staticAccounts
    const preBalances = keys.map((key) => svm.getBalance(key) ?? 0n)
    const preTokenBalances = readTokenBalances(keys)
    const result = svm.sendTransaction(transaction)
    const failed = result instanceof FailedTransactionMetadata
    const meta = failed ? result.meta() : result
    if (failed) {
      const error = readTransactionError(result)
      // Only an instruction's failure lands (its fee paid); the rest are refused outright.
      if (typeof error.json === 'string' || !('InstructionError' in error.json))
        return { err: error.json, message: error.message }
    }
    const record: LandedTransaction = {
      signature: getSignatureFromTransaction(transaction),
      slot: slot(),
      blockTime: Math.floor(Date.now() / 1000),
      wire: new Uint8Array(getTransactionEncoder().encode(transaction)),
      message,
      err: failed ? readTransactionError(result).json : null,
      fee: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts),
      preBalances,
      postBalances: keys.map((key) => svm.getBalance(key) ?? 0n),
      preTokenBalances,
      postTokenBalances: readTokenBalances(keys),
      logMessages: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
    }
    landed.set(record.signature, record)
    order.push(record)
    if (order.length > MAX_HISTORY) landed.delete(order.shift()?.signature ?? '')
    advanceSlot()
    onLanded(record)
    return record
  }

  const assertSigned = (transaction: Transaction) => {
    try {
      assertIsFullySignedTransaction(transaction)
    } catch {
      throw new SolanaRpcError(-32003, 'Transaction signature verification failure')
    }
  }

  return {
    svm,
    slot,
    getAccount,
    getDecimals,
    latestBlockhash: () => ({
      blockhash: svm.latestBlockhash(),
      lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY_SLOTS,
    }),
    isBlockhashValid: isRecent,
    transactionCount: () => BigInt(order.length),
    getLanded: (signature: string) => landed.get(signature),

    /** Simulation: nothing is kept. `sigVerify` off (the RPC's default) accepts unsigned transactions. */
    simulate(
      transaction: Transaction,
      options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
    ): SimulationValue {
      if (options.sigVerify) assertSigned(transaction)
      const replacementBlockhash = options.replaceRecentBlockhash
        ? { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY_SLOTS }
        : null
      if (!options.replaceRecentBlockhash && !isRecent(decode(transaction).lifetimeToken))
        return { ...EARLY_ERRORS.BlockhashNotFound, logs: [], unitsConsumed: 0n, replacementBlockhash }
      svm.withSigverify(options.sigVerify)
      try {
        const result = svm.simulateTransaction(transaction)
        if (result instanceof FailedTransactionMetadata) {
          const meta = result.meta()
          const error = readTransactionError(result)
          return {
            err: error.json,
            errMessage: error.message,
            logs: meta.logs(),
            unitsConsumed: meta.computeUnitsConsumed(),
            replacementBlockhash,
          }
        }
        const meta = result.meta()
        return {
          err: null,
          errMessage: null,
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
          replacementBlockhash,
        }
      } finally {
        svm.withSigverify(true)
      }
    },

    /**
     * `sendTransaction`: with preflight, a transaction that would fail is refused with -32002 and
     * the simulation's error and logs, as Agave does; without, it is answered with its signature
     * and lands only if it gets to execution (failing there, with its error in its status).
     */
    send(transaction: Transaction, options: { skipPreflight: boolean }): string {
      assertSigned(transaction)
      const signature = getSignatureFromTransaction(transaction)
      const early = checkBeforeExecution(transaction)
      if (!options.skipPreflight) {
        const simulation = early
          ? { ...EARLY_ERRORS[early], logs: [], unitsConsumed: 0n }
          : this.simulate(transaction, { sigVerify: true, replaceRecentBlockhash: false })
        if (simulation.err !== null) {
          throw new SolanaRpcError(-32002, `Transaction simulation failed: ${simulation.errMessage}`, {
            accounts: null,
            err: simulation.err,
            innerInstructions: null,
            logs: simulation.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: simulation.unitsConsumed,
          })
        }
      }
      if (early) return signature
      execute(transaction)
      return signature
    },

    /** `requestAirdrop`: a real transfer from the faucet, so it shows in the history like any other. */
    async airdrop(to: Address, amount: bigint): Promise<string> {
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(faucet, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: svm.latestBlockhash() as Blockhash,
              lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY_SLOTS,
            },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({ source: faucet, destination: to, amount: lamports(amount) }),
            m,
          ),
      )
      const transaction = await signTransactionMessageWithSigners(message)
      const outcome = execute(transaction)
      if (!('signature' in outcome)) throw new SolanaRpcError(-32603, `Airdrop failed: ${outcome.message}`)
      if (outcome.err !== null) throw new SolanaRpcError(-32603, 'Airdrop failed')
      return outcome.signature
    },

    /** Landed transactions that name `address`, newest first. */
    signaturesFor(at: string): LandedTransaction[] {
      return order.filter((record) => record.message.staticAccounts.includes(address(at))).reverse()
    },
  }
}

export type SolanaLedger = ReturnType<typeof createSolanaLedger>
