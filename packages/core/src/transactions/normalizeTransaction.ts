import type { AccessList, Address, Hex } from 'viem'
import { DEFAULT_CHAIN_ID } from '../constants'
import { InvalidTransactionError, UnsupportedTransactionTypeError } from './errors'
import {
  type Maybe,
  parseAccessList,
  parseAddress,
  parseChainId,
  parseData,
  parseGas,
  parseNonce,
  parseQuantity,
  type Quantity,
} from './parseTransactionFields'

export { InvalidTransactionError, UnsupportedTransactionTypeError } from './errors'

/** The EVM transaction types Satchel signs. Types 3 (eip4844) and 4 (eip7702) are rejected. */
export type TransactionType = 'legacy' | 'eip2930' | 'eip1559'

/**
 * A transaction request as a dApp or an SDK sends it (for example the `eth_sendTransaction` parameter).
 * Nothing is trusted: every field is checked by {@link normalizeTransaction}.
 */
export type TransactionInput = {
  /** `legacy | eip2930 | eip1559`, `0 | 1 | 2` or `'0x0' | '0x1' | '0x2'`; inferred from the fees when absent. */
  type?: Maybe<string | number>
  /** Defaults to Ethereum mainnet (1). */
  chainId?: Maybe<Quantity>
  from?: Maybe<string>
  /** Absent for a contract deployment. */
  to?: Maybe<string>
  data?: Maybe<string>
  nonce?: Maybe<Quantity>
  value?: Maybe<Quantity>
  gas?: Maybe<Quantity>
  /** Another name for `gas`; giving both with different values is an error. */
  gasLimit?: Maybe<Quantity>
  gasPrice?: Maybe<Quantity>
  maxFeePerGas?: Maybe<Quantity>
  maxPriorityFeePerGas?: Maybe<Quantity>
  accessList?: Maybe<readonly { address: string; storageKeys: readonly string[] }[]>
}

type NormalizedTransactionBase = {
  chainId: number
  from?: Address
  to?: Address
  data?: Hex
  nonce?: number
  value?: bigint
  gas?: bigint
}

/**
 * A checked transaction: addresses checksummed, quantities as bigint (nonce as number), one `gas`
 * field, only the fee fields of its type. Fits viem's `TransactionSerializable`.
 */
export type NormalizedTransaction =
  | (NormalizedTransactionBase & { type: 'legacy'; gasPrice?: bigint })
  | (NormalizedTransactionBase & { type: 'eip2930'; gasPrice?: bigint; accessList: AccessList })
  | (NormalizedTransactionBase & {
      type: 'eip1559'
      maxFeePerGas?: bigint
      maxPriorityFeePerGas?: bigint
      accessList?: AccessList
    })

const typesByNumber = ['legacy', 'eip2930', 'eip1559'] as const
// Fields that only exist on blob (3) and set-code (4) transactions: a request carrying them must not be
// quietly signed as an eip1559 transaction without them.
const unsupportedTypeFields = [
  'blobs',
  'blobVersionedHashes',
  'maxFeePerBlobGas',
  'sidecars',
  'authorizationList',
]

/**
 * Checks and normalises an EVM transaction request so the server can hand it to viem's
 * `serializeTransaction`: chainId defaults to 1, `gas` and `gasLimit` become one `gas`, the type is
 * inferred from the fee fields when absent, and fee fields that do not fit the type are rejected.
 *
 * @throws {UnsupportedTransactionTypeError} `Unsupported transaction type` for types 3, 4 and any other.
 * @throws {InvalidTransactionError} when a field is malformed or does not fit the type.
 * @example
 * normalizeTransaction({ to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0xde0b6b3a7640000' })
 * // { type: 'eip1559', chainId: 1, to: '0xd8dA…6045', value: 1000000000000000000n }
 */
export function normalizeTransaction(input: TransactionInput): NormalizedTransaction {
  const fields: Record<string, unknown> = input
  if (unsupportedTypeFields.some((field) => fields[field] != null)) {
    throw new UnsupportedTransactionTypeError(input.type)
  }
  const requestedType = parseType(input.type)

  const chainId = input.chainId == null ? DEFAULT_CHAIN_ID : parseChainId(input.chainId)
  const from = parseAddress('from', input.from)
  const to = parseAddress('to', input.to)
  const data = parseData(input.data)
  const nonce = parseNonce(input.nonce)
  const value = parseQuantity('value', input.value)
  const gas = parseGas(input.gas, input.gasLimit)
  const gasPrice = parseQuantity('gasPrice', input.gasPrice)
  const maxFeePerGas = parseQuantity('maxFeePerGas', input.maxFeePerGas)
  const maxPriorityFeePerGas = parseQuantity('maxPriorityFeePerGas', input.maxPriorityFeePerGas)
  const accessList = parseAccessList(input.accessList)

  const type = requestedType ?? inferType({ gasPrice, maxFeePerGas, maxPriorityFeePerGas, accessList })

  const base: NormalizedTransactionBase = {
    chainId,
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(data !== undefined && { data }),
    ...(nonce !== undefined && { nonce }),
    ...(value !== undefined && { value }),
    ...(gas !== undefined && { gas }),
  }

  if (type === 'eip1559') {
    if (gasPrice !== undefined) {
      throw new InvalidTransactionError(
        'gasPrice',
        'gasPrice is not allowed on an eip1559 transaction; use maxFeePerGas and maxPriorityFeePerGas',
      )
    }
    if (
      maxFeePerGas !== undefined &&
      maxPriorityFeePerGas !== undefined &&
      maxPriorityFeePerGas > maxFeePerGas
    ) {
      throw new InvalidTransactionError(
        'maxPriorityFeePerGas',
        'maxPriorityFeePerGas must not be greater than maxFeePerGas',
      )
    }
    return {
      type,
      ...base,
      ...(maxFeePerGas !== undefined && { maxFeePerGas }),
      ...(maxPriorityFeePerGas !== undefined && { maxPriorityFeePerGas }),
      ...(accessList !== undefined && { accessList }),
    }
  }

  for (const [field, present] of [
    ['maxFeePerGas', maxFeePerGas !== undefined],
    ['maxPriorityFeePerGas', maxPriorityFeePerGas !== undefined],
  ] as const) {
    if (present) {
      throw new InvalidTransactionError(
        field,
        `${field} is not allowed on ${type === 'legacy' ? 'a' : 'an'} ${type} transaction; use gasPrice`,
      )
    }
  }
  if (type === 'eip2930') {
    return { type, ...base, ...(gasPrice !== undefined && { gasPrice }), accessList: accessList ?? [] }
  }
  if (accessList !== undefined) {
    throw new InvalidTransactionError('accessList', 'accessList is not allowed on a legacy transaction')
  }
  return { type, ...base, ...(gasPrice !== undefined && { gasPrice }) }
}

// The same rule as viem's getTransactionType: EIP-1559 fees win, then an access list with a gas price,
// then a gas price alone; with no fee at all the wallet estimates EIP-1559 fees.
function inferType(fees: {
  gasPrice: bigint | undefined
  maxFeePerGas: bigint | undefined
  maxPriorityFeePerGas: bigint | undefined
  accessList: AccessList | undefined
}): TransactionType {
  if (fees.maxFeePerGas !== undefined || fees.maxPriorityFeePerGas !== undefined) return 'eip1559'
  if (fees.gasPrice === undefined) return 'eip1559'
  return fees.accessList === undefined ? 'legacy' : 'eip2930'
}

function parseType(value: Maybe<string | number>): TransactionType | undefined {
  if (value == null) return undefined
  if (value === 'legacy' || value === 'eip2930' || value === 'eip1559') return value
  let number: number | undefined
  if (typeof value === 'number') number = value
  else if (/^0x[0-9a-fA-F]{1,2}$/.test(value)) number = Number.parseInt(value, 16)
  // A fractional or negative number indexes nothing and falls through to the error.
  const type = number === undefined ? undefined : typesByNumber[number]
  if (type === undefined) throw new UnsupportedTransactionTypeError(value)
  return type
}
