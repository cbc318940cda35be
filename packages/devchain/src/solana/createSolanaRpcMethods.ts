import {
  address,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
  isSignature,
  type Transaction,
} from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { z } from 'zod'
import { LAMPORTS_PER_SIGNATURE, type SolanaLedger } from './createSolanaLedger'
import { encodeLandedTransaction, toTransactionMeta } from './encodeLandedTransaction'
import { type AccountEncoding, encodeSolanaAccount } from './encodeSolanaAccount'
import { SolanaRpcError } from './SolanaRpcError'

export type CreateSolanaRpcMethodsParameters = {
  ledger: SolanaLedger
  /** What `getGenesisHash` answers: the cluster the local one stands in for. */
  genesisHash: string
}

/** One JSON-RPC method: raw `params` in, the `result` out (bigints become JSON numbers). */
export type SolanaRpcMethod = (params: unknown) => unknown

// The most one airdrop pays, as a real faucet caps it (devnet's is far lower): 1,000 SOL.
const MAX_AIRDROP_LAMPORTS = 1_000n * 10n ** 9n
const MAX_SIGNATURES_PER_STATUS_REQUEST = 256
const MAX_ACCOUNTS_PER_REQUEST = 100

const base58Address = z.string().refine((value) => isAddress(value), 'Invalid param: Invalid')
const base58Signature = z.string().refine((value) => isSignature(value), 'Invalid param: Invalid')
const commitmentConfig = z
  .looseObject({
    commitment: z.enum(['processed', 'confirmed', 'finalized']).optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .optional()
const accountConfig = z
  .looseObject({
    encoding: z.enum(['base58', 'base64', 'jsonParsed']).optional(),
    dataSlice: z
      .object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
      .optional(),
  })
  .optional()
const u64 = z
  .union([z.number().int().nonnegative(), z.bigint().nonnegative()])
  .transform((value) => BigInt(value))
const wireConfig = z.looseObject({ encoding: z.enum(['base58', 'base64']).optional() })

/**
 * The JSON-RPC methods of the local cluster, in the shapes Agave answers (`{context: {slot}, value}`
 * where Agave wraps, base64/base58/jsonParsed accounts), enough for `@solana/kit`'s reads, sends and
 * confirmations, the server's Solana wallets and the wallet's activity.
 *
 * @example
 * const methods = createSolanaRpcMethods({ ledger, genesisHash })
 * methods.getBalance?.([treasury]) // { context: { slot: 3n }, value: 1000000000000000n }
 */
export function createSolanaRpcMethods(
  parameters: CreateSolanaRpcMethodsParameters,
): Record<string, SolanaRpcMethod> {
  const { ledger, genesisHash } = parameters
  const withContext = (value: unknown) => ({ context: { apiVersion: '2.2.0', slot: ledger.slot() }, value })
  const encodeAccount = (
    at: string,
    config: z.infer<typeof accountConfig>,
    fallback: AccountEncoding = 'base58',
  ) => {
    const account = ledger.getAccount(at)
    if (!account) return null
    return encodeSolanaAccount({
      account,
      encoding: config?.encoding ?? fallback,
      dataSlice: config?.dataSlice,
      getDecimals: ledger.getDecimals,
    })
  }

  return {
    getHealth: method(z.tuple([]), () => 'ok'),
    getVersion: method(z.tuple([]), () => ({ 'solana-core': '2.2.0', 'feature-set': 3_294_202_862 })),
    getGenesisHash: method(z.tuple([]), () => genesisHash),
    getSlot: method(z.tuple([commitmentConfig]), () => ledger.slot()),
    getBlockHeight: method(z.tuple([commitmentConfig]), () => ledger.slot()),
    getTransactionCount: method(z.tuple([commitmentConfig]), () => ledger.transactionCount()),
    getEpochInfo: method(z.tuple([commitmentConfig]), () => {
      const slot = ledger.slot()
      const slotsInEpoch = 432_000n
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: slot / slotsInEpoch,
        slotIndex: slot % slotsInEpoch,
        slotsInEpoch,
        transactionCount: ledger.transactionCount(),
      }
    }),
    getLatestBlockhash: method(z.tuple([commitmentConfig]), () => withContext(ledger.latestBlockhash())),
    isBlockhashValid: method(z.tuple([z.string().min(1), commitmentConfig]), ([blockhash]) =>
      withContext(ledger.isBlockhashValid(blockhash)),
    ),
    getRecentPrioritizationFees: method(z.tuple([z.array(base58Address).max(128).optional()]), () => []),
    getMinimumBalanceForRentExemption: method(
      z.tuple([
        z
          .number()
          .int()
          .nonnegative()
          .max(10 * 1024 * 1024),
        commitmentConfig,
      ]),
      ([size]) => ledger.svm.minimumBalanceForRentExemption(BigInt(size)),
    ),
    getFeeForMessage: method(z.tuple([z.string().min(1), commitmentConfig]), ([message]) => {
      let signers: number
      try {
        const bytes = Buffer.from(message, 'base64')
        signers = getCompiledTransactionMessageDecoder().decode(bytes).header.numSignerAccounts
      } catch (error) {
        throw invalidParams(`invalid message: ${describe(error)}`)
      }
      return withContext(LAMPORTS_PER_SIGNATURE * BigInt(signers))
    }),
    getBalance: method(z.tuple([base58Address, commitmentConfig]), ([at]) =>
      withContext(ledger.svm.getBalance(address(at)) ?? 0n),
    ),
    getAccountInfo: method(z.tuple([base58Address, accountConfig]), ([at, config]) =>
      withContext(encodeAccount(at, config)),
    ),
    getMultipleAccounts: method(
      z.tuple([z.array(base58Address).max(MAX_ACCOUNTS_PER_REQUEST), accountConfig]),
      ([addresses, config]) => withContext(addresses.map((at) => encodeAccount(at, config, 'base64'))),
    ),
    getTokenAccountBalance: method(z.tuple([base58Address, commitmentConfig]), ([at]) => {
      const account = encodeAccount(at, { encoding: 'jsonParsed' })
      const info = readParsedTokenAccount(account)
      if (!info) throw invalidParams('Invalid param: could not find account')
      return withContext(info.tokenAmount)
    }),
    getTokenAccountsByOwner: method(
      z.tuple([
        base58Address,
        z.union([z.object({ mint: base58Address }), z.object({ programId: base58Address })]),
        accountConfig,
      ]),
      ([owner, filter, config]) => {
        if ('programId' in filter && filter.programId !== TOKEN_PROGRAM_ADDRESS)
          throw invalidParams('Invalid param: unrecognized Token program id')
        const value = ledger.svm.getProgramAccounts(TOKEN_PROGRAM_ADDRESS).flatMap((account) => {
          const parsed = readParsedTokenAccount(encodeAccount(account.address, { encoding: 'jsonParsed' }))
          if (!parsed || parsed.owner !== owner) return []
          if ('mint' in filter && parsed.mint !== filter.mint) return []
          return [{ pubkey: account.address, account: encodeAccount(account.address, config, 'base58') }]
        })
        return withContext(value)
      },
    ),
    getSignatureStatuses: method(
      z.tuple([
        z.array(base58Signature).max(MAX_SIGNATURES_PER_STATUS_REQUEST),
        z.looseObject({ searchTransactionHistory: z.boolean().optional() }).optional(),
      ]),
      ([signatures]) =>
        withContext(
          signatures.map((signature) => {
            const record = ledger.getLanded(signature)
            if (!record) return null
            // Every landed slot is final at once: there are no forks on one machine.
            return {
              slot: record.slot,
              confirmations: null,
              err: record.err,
              status: record.err === null ? { Ok: null } : { Err: record.err },
              confirmationStatus: 'finalized',
            }
          }),
        ),
    ),
    getSignaturesForAddress: method(
      z.tuple([
        base58Address,
        z
          .looseObject({
            limit: z.number().int().min(1).max(1_000).optional(),
            before: base58Signature.optional(),
            until: base58Signature.optional(),
          })
          .optional(),
      ]),
      ([at, config]) => {
        let records = ledger.signaturesFor(at)
        if (config?.before !== undefined) {
          const index = records.findIndex((record) => record.signature === config.before)
          records = index === -1 ? [] : records.slice(index + 1)
        }
        if (config?.until !== undefined) {
          const index = records.findIndex((record) => record.signature === config.until)
          if (index !== -1) records = records.slice(0, index)
        }
        return records.slice(0, config?.limit ?? 1_000).map((record) => ({
          signature: record.signature,
          slot: record.slot,
          err: record.err,
          memo: null,
          blockTime: record.blockTime,
          confirmationStatus: 'finalized',
        }))
      },
    ),
    getTransaction: method(
      z.tuple([
        base58Signature,
        z
          .looseObject({
            encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
            maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
          })
          .optional(),
      ]),
      ([signature, config]) => {
        const record = ledger.getLanded(signature)
        if (!record) return null
        const version = record.message.version
        const max = config?.maxSupportedTransactionVersion
        if (version !== 'legacy' && (max === undefined || version > max))
          throw new SolanaRpcError(
            -32015,
            `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
          )
        return {
          slot: record.slot,
          blockTime: record.blockTime,
          ...(max === undefined ? {} : { version }),
          meta: toTransactionMeta(record, config?.encoding),
          transaction: encodeLandedTransaction(record, config?.encoding ?? 'json'),
        }
      },
    ),
    requestAirdrop: method(z.tuple([base58Address, u64, commitmentConfig]), async ([to, amount]) => {
      if (amount === 0n || amount > MAX_AIRDROP_LAMPORTS)
        throw invalidParams(
          `Invalid param: airdrop amount must be between 1 and ${MAX_AIRDROP_LAMPORTS} lamports`,
        )
      return ledger.airdrop(address(to), amount)
    }),
    sendTransaction: method(
      z.tuple([
        z.string().min(1),
        wireConfig
          .extend({
            skipPreflight: z.boolean().optional(),
            maxRetries: z.number().int().nonnegative().optional(),
          })
          .optional(),
      ]),
      ([wire, config]) =>
        ledger.send(readTransaction(wire, config?.encoding), {
          skipPreflight: config?.skipPreflight ?? false,
        }),
    ),
    simulateTransaction: method(
      z.tuple([
        z.string().min(1),
        wireConfig
          .extend({ sigVerify: z.boolean().optional(), replaceRecentBlockhash: z.boolean().optional() })
          .optional(),
      ]),
      ([wire, config]) => {
        const sigVerify = config?.sigVerify ?? false
        const replaceRecentBlockhash = config?.replaceRecentBlockhash ?? false
        if (sigVerify && replaceRecentBlockhash)
          throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
        const transaction = readTransaction(wire, config?.encoding)
        const { errMessage: _, ...simulation } = ledger.simulate(transaction, {
          sigVerify,
          replaceRecentBlockhash,
        })
        return withContext({
          ...simulation,
          accounts: null,
          innerInstructions: null,
          returnData: null,
          loadedAccountsDataSize: 0,
        })
      },
    ),
  }
}

/** Checks `params` against the method's tuple (absent params read as `[]`), then runs it. */
function method<T extends z.ZodType>(schema: T, run: (params: z.infer<T>) => unknown): SolanaRpcMethod {
  return (params) => {
    const parsed = schema.safeParse(params ?? [])
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` at params[${issue.path.join('].')}` : ''
      throw invalidParams(`Invalid params${where}: ${issue?.message ?? 'invalid'}`)
    }
    return run(parsed.data)
  }
}

function invalidParams(message: string): SolanaRpcError {
  return new SolanaRpcError(-32602, message)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// Agave's default wire encoding is base58 (deprecated); kit always sends base64.
function readTransaction(wire: string, encoding: 'base58' | 'base64' = 'base58'): Transaction {
  try {
    const bytes = encoding === 'base64' ? Buffer.from(wire, 'base64') : getBase58Encoder().encode(wire)
    return getTransactionDecoder().decode(bytes)
  } catch (error) {
    throw invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${describe(error)}`,
    )
  }
}

function readParsedTokenAccount(
  account: Record<string, unknown> | null,
): { mint: string; owner: string; tokenAmount: unknown } | undefined {
  const parsed = z
    .object({
      data: z.object({
        parsed: z.object({
          type: z.literal('account'),
          info: z.object({ mint: z.string(), owner: z.string(), tokenAmount: z.unknown() }),
        }),
      }),
    })
    .safeParse(account)
  return parsed.success ? parsed.data.data.parsed.info : undefined
}
