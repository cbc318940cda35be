import {
  ApiError,
  InvalidTransactionError,
  type NormalizedTransaction,
  normalizeTransaction,
  UnsupportedTransactionTypeError,
} from '@satchel/core'
import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
import { transactionSchema, typedDataSchema } from '../wallets/rpc/rpcSchemas'
import type { FactKey, PolicyChainType } from './policyFields'

/** What a request says, field by field, in the form conditions compare: amounts as bigint, addresses lower-case. */
export type RequestFacts = {
  method: string
  values: Partial<Record<FactKey, bigint | string>>
}

export type ExtractFactsParameters = {
  chainType: PolicyChainType
  method: string
  /** The RPC body's `params`, as the route parsed it. */
  params: unknown
  /** `eip155:<id>`: the chain of a send when the transaction names none. */
  caip2?: string | undefined
  /** The server's clock (`ctx.now()`), in seconds. */
  nowSeconds: number
}

/**
 * Reads the facts that policy conditions test from a wallet RPC request. The transaction goes through
 * the same schema and core `normalizeTransaction` as the signing path, so a policy judges exactly the
 * transaction that would be signed (same aliases, same defaults: chain id from the transaction, else
 * the `caip2`, else 1; value 0 when absent).
 *
 * @throws {ApiError} `invalid_data` when the transaction cannot be read: a request a policy cannot
 *   judge is never passed on to be signed.
 * @example
 * extractFacts({ chainType: 'ethereum', method: 'eth_sendTransaction', nowSeconds: 1_700_000_000,
 *   params: { transaction: { to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: '0x1' } } })
 * // { method: 'eth_sendTransaction', values: { 'ethereum_transaction.to': '0xd8da…6045',
 * //   'ethereum_transaction.value': 1n, 'ethereum_transaction.chain_id': 1n, ... } }
 */
export function extractFacts({
  chainType,
  method,
  params,
  caip2,
  nowSeconds,
}: ExtractFactsParameters): RequestFacts {
  const values: RequestFacts['values'] = {
    'system.current_unix_timestamp': BigInt(Math.floor(nowSeconds)),
  }
  if (chainType !== 'ethereum') return { method, values }

  if (method === 'eth_signTransaction' || method === 'eth_sendTransaction') {
    const transaction = readTransaction(params, caip2)
    values['ethereum_transaction.chain_id'] = BigInt(transaction.chainId)
    values['ethereum_transaction.value'] = transaction.value ?? 0n
    if (transaction.to) values['ethereum_transaction.to'] = transaction.to.toLowerCase()
    if (transaction.data) Object.assign(values, readErc20Call(transaction.data))
  }

  if (method === 'eth_signTypedData_v4') {
    const typedData = typedDataSchema.safeParse(isRecord(params) ? params.typed_data : undefined)
    const domain = typedData.success ? typedData.data.domain : undefined
    if (domain?.chainId !== undefined) values['ethereum_typed_data_domain.chainId'] = BigInt(domain.chainId)
    if (domain?.verifyingContract !== undefined)
      values['ethereum_typed_data_domain.verifyingContract'] = domain.verifyingContract.toLowerCase()
    if (domain?.name !== undefined) values['ethereum_typed_data_domain.name'] = domain.name
    if (domain?.version !== undefined) values['ethereum_typed_data_domain.version'] = domain.version
  }
  return { method, values }
}

function readTransaction(params: unknown, caip2: string | undefined): NormalizedTransaction {
  const parsed = transactionSchema.safeParse(isRecord(params) ? params.transaction : undefined)
  if (!parsed.success)
    throw new ApiError('invalid_data', { message: 'Invalid request data: params.transaction' })
  const chainFromCaip2 = caip2?.match(/^eip155:([1-9][0-9]{0,15})$/)?.[1]
  const input =
    parsed.data.chainId == null && chainFromCaip2 ? { ...parsed.data, chainId: chainFromCaip2 } : parsed.data
  try {
    return normalizeTransaction(input)
  } catch (error) {
    if (error instanceof UnsupportedTransactionTypeError || error instanceof InvalidTransactionError)
      throw new ApiError('invalid_data', { message: error.shortMessage })
    throw error
  }
}

/**
 * The token movements of an ERC-20 call: `transfer` and `transferFrom` give `transfer.to` and
 * `transfer.amount` (so a cap on transfers cannot be stepped around with transferFrom), `approve` gives
 * `approve.spender` and `approve.amount`. Other calldata gives nothing.
 */
function readErc20Call(data: Hex): RequestFacts['values'] {
  const call = decodeErc20(data)
  if (call?.functionName === 'transfer') {
    const [to, amount] = call.args
    return { 'ethereum_calldata.transfer.to': to.toLowerCase(), 'ethereum_calldata.transfer.amount': amount }
  }
  if (call?.functionName === 'transferFrom') {
    const [, to, amount] = call.args
    return { 'ethereum_calldata.transfer.to': to.toLowerCase(), 'ethereum_calldata.transfer.amount': amount }
  }
  if (call?.functionName === 'approve') {
    const [spender, amount] = call.args
    return {
      'ethereum_calldata.approve.spender': spender.toLowerCase(),
      'ethereum_calldata.approve.amount': amount,
    }
  }
  return {}
}

function decodeErc20(data: Hex) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
