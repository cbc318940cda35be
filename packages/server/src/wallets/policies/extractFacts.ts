import { ApiError, type NormalizedTransaction } from '@satchel/core'
import type { Hex } from 'viem'
import { normalizeTransactionRequest } from '../rpc/normalizeTransactionRequest'
import { transactionSchema, typedDataSchema } from '../rpc/rpcSchemas'
import { type FactKey, type PolicyChainType, transactionMethods } from './policyFields'
import { type PermitGrant, readPermitGrants } from './readPermitGrants'
import { readTokenCall } from './readTokenCall'

/** What a request says, field by field, in the form conditions compare: amounts as bigint, addresses lower-case. */
export type RequestFacts = {
  method: string
  /** Other methods whose rules judge these facts too (a permit's approval: the transaction methods). */
  judgedAs?: readonly string[]
  /** How a refusal names what was judged, when it is not simply the method. */
  label?: string
  values: Partial<Record<FactKey, bigint | string>>
  /**
   * The token approvals a typed-data permit grants, each judged as the transaction that would grant
   * it on chain: a policy's caps on transfers hold for permits as for `approve` calls.
   */
  approvals?: RequestFacts[]
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
    if (transaction.data) Object.assign(values, readCalldataFacts(transaction.data))
  }

  if (method === 'eth_signTypedData_v4') {
    const typedData = typedDataSchema.safeParse(isRecord(params) ? params.typed_data : undefined)
    if (!typedData.success) return { method, values }
    const { domain, primaryType, primary_type, message } = typedData.data
    if (domain?.chainId !== undefined) values['ethereum_typed_data_domain.chainId'] = BigInt(domain.chainId)
    if (domain?.verifyingContract !== undefined)
      values['ethereum_typed_data_domain.verifyingContract'] = domain.verifyingContract.toLowerCase()
    if (domain?.name !== undefined) values['ethereum_typed_data_domain.name'] = domain.name
    if (domain?.version !== undefined) values['ethereum_typed_data_domain.version'] = domain.version
    const grants = readPermitGrants({
      primaryType: primaryType ?? primary_type ?? '',
      message,
      verifyingContract: domain?.verifyingContract,
    })
    if (grants) {
      const approvals = grants.map((grant) => toApprovalFacts(grant, domain?.chainId, nowSeconds))
      return { method, values, approvals }
    }
  }
  return { method, values }
}

/**
 * A permit's grant as the approval transaction to the token that grants the same allowance, judged by
 * the rules for eth_signTransaction and eth_sendTransaction (a permit is a signature anyone may
 * submit, as a signed transaction is).
 */
function toApprovalFacts(grant: PermitGrant, chainId: number | undefined, nowSeconds: number): RequestFacts {
  const [method, ...others] = transactionMethods
  return {
    method,
    judgedAs: others,
    label: 'the token approval this eth_signTypedData_v4 permit grants',
    values: {
      'system.current_unix_timestamp': BigInt(Math.floor(nowSeconds)),
      'ethereum_transaction.value': 0n,
      ...(chainId !== undefined && { 'ethereum_transaction.chain_id': BigInt(chainId) }),
      ...(grant.token !== undefined && { 'ethereum_transaction.to': grant.token }),
      ...allowanceFacts(grant.spender, grant.amount),
    },
  }
}

function readTransaction(params: unknown, caip2: string | undefined): NormalizedTransaction {
  const parsed = transactionSchema.safeParse(isRecord(params) ? params.transaction : undefined)
  if (!parsed.success)
    throw new ApiError('invalid_data', { message: 'Invalid request data: params.transaction' })
  const chainFromCaip2 = caip2?.match(/^eip155:([1-9][0-9]{0,15})$/)?.[1]
  const input =
    parsed.data.chainId == null && chainFromCaip2 ? { ...parsed.data, chainId: chainFromCaip2 } : parsed.data
  return normalizeTransactionRequest(input)
}

/**
 * The token movement of a transaction's calldata (see {@link readTokenCall}): a transfer gives
 * `transfer.to` and `transfer.amount`; an allowance gives `approve.spender` and `approve.amount`, and
 * counts as a transfer to the spender of the whole allowance, so a cap on transfers caps it too.
 */
function readCalldataFacts(data: Hex): RequestFacts['values'] {
  const call = readTokenCall(data)
  if (call?.kind === 'transfer')
    return { 'ethereum_calldata.transfer.to': call.to, 'ethereum_calldata.transfer.amount': call.amount }
  if (call?.kind === 'allowance') return allowanceFacts(call.spender, call.amount)
  return {}
}

function allowanceFacts(spender: string | undefined, amount: bigint): RequestFacts['values'] {
  return {
    ...(spender !== undefined && {
      'ethereum_calldata.approve.spender': spender,
      'ethereum_calldata.transfer.to': spender,
    }),
    'ethereum_calldata.approve.amount': amount,
    'ethereum_calldata.transfer.amount': amount,
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
