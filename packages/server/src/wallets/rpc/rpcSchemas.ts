import { z } from 'zod'

// The wallet RPC request bodies, one schema per method. Transactions and typed data are only
// shaped here; their fields are checked by core's normalizeTransaction and by the vault's hashing.

const quantity = z.union([z.string().max(80), z.number()]).nullish()

// Transaction fields in snake_case (the HTTP API's own style) are accepted beside the camelCase a
// dApp's EIP-1193 request carries; both become camelCase for normalizeTransaction.
const snakeToCamel: Record<string, string> = {
  chain_id: 'chainId',
  gas_limit: 'gasLimit',
  gas_price: 'gasPrice',
  max_fee_per_gas: 'maxFeePerGas',
  max_priority_fee_per_gas: 'maxPriorityFeePerGas',
  access_list: 'accessList',
  // Named only so that a blob or set-code transaction in snake_case is refused like a camelCase one.
  max_fee_per_blob_gas: 'maxFeePerBlobGas',
  blob_versioned_hashes: 'blobVersionedHashes',
  authorization_list: 'authorizationList',
}

const accessListSchema = z
  .array(
    z
      .object({
        address: z.string(),
        storageKeys: z.array(z.string()).optional(),
        storage_keys: z.array(z.string()).optional(),
      })
      .transform(({ address, storageKeys, storage_keys }) => ({
        address,
        storageKeys: storageKeys ?? storage_keys ?? [],
      })),
  )
  .max(1000)
  .nullish()

/** An EVM transaction request (camelCase or snake_case fields). */
export const transactionSchema = z
  .record(z.string(), z.unknown())
  .transform((raw, ctx) => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(raw)) {
      const name = snakeToCamel[key] ?? key
      if (name in out && JSON.stringify(out[name]) !== JSON.stringify(value)) {
        ctx.addIssue({ code: 'custom', message: `${key} and ${name} differ`, path: [key] })
        return z.NEVER
      }
      out[name] = value
    }
    return out
  })
  .pipe(
    z.looseObject({
      type: z.union([z.string().max(20), z.number()]).nullish(),
      chainId: quantity,
      from: z.string().max(100).nullish(),
      to: z.string().max(100).nullish(),
      data: z.string().nullish(),
      nonce: quantity,
      value: quantity,
      gas: quantity,
      gasLimit: quantity,
      gasPrice: quantity,
      maxFeePerGas: quantity,
      maxPriorityFeePerGas: quantity,
      accessList: accessListSchema,
    }),
  )

export type TransactionRequest = z.infer<typeof transactionSchema>

const domainSchema = z.object({
  name: z.string().optional(),
  version: z.string().optional(),
  // dApps send the chain id as a number, a decimal string or hex; EIP-712 hashes it as a uint256.
  chainId: z
    .union([z.number().int().nonnegative(), z.string().regex(/^(0x[0-9a-fA-F]{1,16}|\d{1,16})$/)])
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value))),
  verifyingContract: z.string().optional(),
  salt: z.string().optional(),
})

/** EIP-712 typed data: `primaryType` or the API's `primary_type`. */
export const typedDataSchema = z
  .object({
    domain: domainSchema.optional(),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.string().optional(),
    primary_type: z.string().optional(),
    message: z.record(z.string(), z.unknown()),
  })
  .refine((value) => (value.primaryType ?? value.primary_type) !== undefined, {
    message: 'primaryType is required',
    path: ['primaryType'],
  })

export const personalSignSchema = z.object({
  method: z.literal('personal_sign'),
  params: z.object({ message: z.string().max(100_000), encoding: z.enum(['utf-8', 'hex']).default('utf-8') }),
})
export const signTypedDataSchema = z.object({
  method: z.literal('eth_signTypedData_v4'),
  params: z.object({ typed_data: typedDataSchema }),
})
export const signTransactionSchema = z.object({
  method: z.literal('eth_signTransaction'),
  params: z.object({ transaction: transactionSchema }),
})
export const sendTransactionSchema = z.object({
  method: z.literal('eth_sendTransaction'),
  params: z.object({ transaction: transactionSchema }),
})
export const secp256k1SignSchema = z.object({
  method: z.literal('secp256k1_sign'),
  params: z.object({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'hash must be 32 bytes of 0x hex') }),
})

const base64 = z
  .string()
  .max(200_000)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')

export const solanaSignMessageSchema = z.object({
  method: z.literal('signMessage'),
  params: z.object({ message: base64, encoding: z.literal('base64').default('base64') }),
})
export const solanaSignTransactionSchema = z.object({
  method: z.literal('signTransaction'),
  params: z.object({ transaction: base64, encoding: z.literal('base64').default('base64') }),
})
export const solanaSignAndSendSchema = z.object({
  method: z.literal('signAndSendTransaction'),
  params: z.object({ transaction: base64, encoding: z.literal('base64').default('base64') }),
})

// CAIP-2 ids, narrowed to the namespace of the method's chain type. `caip2` reaches the policies, the
// audit log and the chain lookup, so it is checked here once: an EVM method names eip155:<decimal
// chain id, no leading zero>, a Solana method solana:<reference> (CAIP-2: 1 to 32 of [-_a-zA-Z0-9]).
const evmCommon = {
  caip2: z
    .string()
    .regex(/^eip155:[1-9][0-9]{0,15}$/, 'must be eip155:<decimal chain id>')
    .optional(),
  chain_type: z.enum(['ethereum', 'solana']).optional(),
}
const solanaCommon = {
  caip2: z
    .string()
    .regex(/^solana:[-_a-zA-Z0-9]{1,32}$/, 'must be solana:<genesis hash prefix>')
    .optional(),
  chain_type: z.enum(['ethereum', 'solana']).optional(),
}

/**
 * `eth_signTransaction` names its chain: a signature for the chain id 1 that `normalizeTransaction`
 * would default to is a mainnet transaction the user never meant to make. The chain comes from
 * `caip2` or the transaction's `chainId`; when both are given they must agree.
 */
const signTransactionBodySchema = signTransactionSchema.extend(evmCommon).superRefine((body, ctx) => {
  const fromCaip2 = body.caip2 === undefined ? undefined : BigInt(body.caip2.slice('eip155:'.length))
  const given = body.params.transaction.chainId
  const fromTransaction = given == null ? undefined : toChainId(given)
  if (fromCaip2 === undefined && given == null)
    ctx.addIssue({
      code: 'custom',
      message: 'caip2 or the transaction chainId is required to sign a transaction',
      path: ['caip2'],
    })
  else if (given != null && fromTransaction === undefined)
    ctx.addIssue({
      code: 'custom',
      message: 'chainId must be a chain id',
      path: ['params', 'transaction', 'chainId'],
    })
  else if (fromCaip2 !== undefined && fromTransaction !== undefined && fromCaip2 !== fromTransaction)
    ctx.addIssue({ code: 'custom', message: 'The transaction chainId does not match caip2', path: ['caip2'] })
})

/** A chain id as a dApp sends it (a number, a decimal or 0x string), or undefined when it is none. */
function toChainId(value: string | number): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? BigInt(value) : undefined
  if (!/^(0x[0-9a-fA-F]{1,16}|[1-9][0-9]{0,19})$/.test(value)) return undefined
  const id = BigInt(value)
  return id > 0n ? id : undefined
}

/** `POST /api/v1/wallets/:wallet_id/rpc` body. */
export const walletRpcBodySchema = z.discriminatedUnion('method', [
  personalSignSchema.extend(evmCommon),
  signTypedDataSchema.extend(evmCommon),
  signTransactionBodySchema,
  sendTransactionSchema.extend(evmCommon),
  secp256k1SignSchema.extend(evmCommon),
  solanaSignMessageSchema.extend(solanaCommon),
  solanaSignTransactionSchema.extend(solanaCommon),
  solanaSignAndSendSchema.extend(solanaCommon),
])

export type WalletRpcBody = z.infer<typeof walletRpcBodySchema>

export type WalletRpcMethod = WalletRpcBody['method']

/** The methods of each chain type (a policy rule names them too: policyFields' `policyMethods`). */
export const methodsByChainType = {
  ethereum: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_signTransaction',
    'eth_sendTransaction',
    'secp256k1_sign',
  ],
  solana: ['signMessage', 'signTransaction', 'signAndSendTransaction'],
} as const satisfies Record<'ethereum' | 'solana', readonly WalletRpcMethod[]>
