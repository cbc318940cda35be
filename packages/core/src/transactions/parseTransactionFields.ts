// The field parsers of normalizeTransaction: each takes one untrusted field and returns it checked and
// normalised, or throws an InvalidTransactionError that names the field.
import { type AccessList, type Address, getAddress, type Hex, isAddress, maxUint256 } from 'viem'
import { InvalidTransactionError } from './errors'

/** A quantity as JSON-RPC callers send it: a number, a bigint, a decimal string or a 0x hex string. */
export type Quantity = number | bigint | string
/** Callers send `null` for "not set" as often as they leave the field out; both mean absent. */
export type Maybe<value> = value | null | undefined

// uint256 is at most 78 decimal digits or 64 hex digits (66 with 0x); longer strings are refused before
// BigInt sees them.
const quantityPattern = /^(?:0x[0-9a-fA-F]{1,64}|0*[0-9]{1,78})$/
const dataPattern = /^0x(?:[0-9a-fA-F]{2})*$/
const storageKeyPattern = /^0x[0-9a-fA-F]{64}$/

export function parseQuantity(field: string, value: Maybe<Quantity>): bigint | undefined {
  if (value == null) return undefined
  let quantity: bigint | undefined
  if (typeof value === 'bigint') quantity = value
  else if (typeof value === 'number' && Number.isSafeInteger(value)) quantity = BigInt(value)
  else if (typeof value === 'string' && quantityPattern.test(value)) quantity = BigInt(value)
  if (quantity === undefined || quantity < 0n || quantity > maxUint256) {
    throw new InvalidTransactionError(
      field,
      `${field} must be a non-negative integer below 2^256 (a number, a decimal string or a 0x hex string)`,
    )
  }
  return quantity
}

export function parseChainId(value: Quantity): number {
  const chainId = parseQuantity('chainId', value)
  if (chainId === undefined || chainId === 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new InvalidTransactionError('chainId', 'chainId must be a positive integer')
  }
  return Number(chainId)
}

export function parseNonce(value: Maybe<Quantity>): number | undefined {
  const nonce = parseQuantity('nonce', value)
  if (nonce === undefined) return undefined
  if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new InvalidTransactionError('nonce', 'nonce must be at most 2^53 - 1')
  }
  return Number(nonce)
}

export function parseGas(gas: Maybe<Quantity>, gasLimit: Maybe<Quantity>): bigint | undefined {
  const fromGas = parseQuantity('gas', gas)
  const fromGasLimit = parseQuantity('gasLimit', gasLimit)
  if (fromGas !== undefined && fromGasLimit !== undefined && fromGas !== fromGasLimit) {
    throw new InvalidTransactionError('gasLimit', 'gas and gasLimit are the same field and must not differ')
  }
  return fromGas ?? fromGasLimit
}

export function parseAddress(field: string, value: Maybe<string>): Address | undefined {
  if (value == null) return undefined
  if (typeof value !== 'string' || !isAcceptedAddress(value)) {
    throw new InvalidTransactionError(field, `${field} is not a valid address`)
  }
  return getAddress(value)
}

function isAcceptedAddress(value: string): boolean {
  // A mixed-case address must carry a correct EIP-55 checksum, so a mistyped one is refused; all lower
  // or all upper case carries no checksum and is accepted, as EIP-55 allows.
  if (isAddress(value)) return true
  const digits = value.slice(2)
  return value.startsWith('0x') && digits === digits.toUpperCase() && isAddress(value.toLowerCase())
}

export function parseData(value: Maybe<string>): Hex | undefined {
  if (value == null) return undefined
  if (typeof value !== 'string' || !dataPattern.test(value)) {
    throw new InvalidTransactionError('data', 'data must be a 0x hex string of whole bytes')
  }
  return `0x${value.slice(2)}`
}

export function parseAccessList(
  value: Maybe<readonly { address: string; storageKeys: readonly string[] }[]>,
): AccessList | undefined {
  if (value == null) return undefined
  if (!Array.isArray(value)) throw new InvalidTransactionError('accessList', 'accessList must be an array')
  return value.map((item: unknown, index) => {
    const field = `accessList[${index}]`
    if (typeof item !== 'object' || item === null || !('address' in item) || !('storageKeys' in item)) {
      throw new InvalidTransactionError(field, `${field} must be {address, storageKeys}`)
    }
    const { address, storageKeys } = item
    if (typeof address !== 'string' || !isAcceptedAddress(address)) {
      throw new InvalidTransactionError(`${field}.address`, `${field}.address is not a valid address`)
    }
    if (!Array.isArray(storageKeys)) {
      throw new InvalidTransactionError(`${field}.storageKeys`, `${field}.storageKeys must be an array`)
    }
    return {
      address: getAddress(address),
      storageKeys: storageKeys.map((key: unknown, keyIndex) => {
        if (typeof key !== 'string' || !storageKeyPattern.test(key)) {
          const keyField = `${field}.storageKeys[${keyIndex}]`
          throw new InvalidTransactionError(keyField, `${keyField} must be a 32-byte 0x hex string`)
        }
        return `0x${key.slice(2)}` as const
      }),
    }
  })
}
