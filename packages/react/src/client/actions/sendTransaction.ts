import { DEFAULT_CHAIN_ID } from '@satchel/core'
import { UnexpectedResponseError } from '../../errors/errors'
import type { SatchelClient } from '../createSatchelClient'
import { isHex } from '../parse'
import { asIs, type WalletSelector, walletRpc } from './walletRpc'

type Quantity = bigint | number | string

/** An EVM transaction request; quantities as bigint, number or 0x-hex. */
export type TransactionRequest = {
  to?: string | undefined
  from?: string | undefined
  data?: string | undefined
  value?: Quantity | undefined
  nonce?: Quantity | undefined
  gas?: Quantity | undefined
  gasLimit?: Quantity | undefined
  gasPrice?: Quantity | undefined
  maxFeePerGas?: Quantity | undefined
  maxPriorityFeePerGas?: Quantity | undefined
  chainId?: Quantity | undefined
  type?: string | number | undefined
  accessList?: readonly { address: string; storageKeys: readonly string[] }[] | undefined
}

function chainIdOf(transaction: TransactionRequest): number {
  const { chainId } = transaction
  if (chainId === undefined) return DEFAULT_CHAIN_ID
  return Number(typeof chainId === 'string' ? BigInt(chainId) : chainId)
}

export type SendTransactionParameters = WalletSelector & {
  transaction: TransactionRequest
  idempotencyKey?: string | undefined
}
export type SendTransactionReturnType = { hash: `0x${string}`; caip2: string }

/**
 * Signs and broadcasts a transaction from an embedded wallet (`eth_sendTransaction`) on the chain of
 * `transaction.chainId` (1 when absent). The idempotency key makes a retried call send once.
 *
 * @example
 * const { hash } = await sendTransaction(client, { transaction: { to: '0x...', value: 1n, chainId: 8453 } })
 */
export async function sendTransaction(
  client: SatchelClient,
  { transaction, wallet, idempotencyKey }: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  const chainId = chainIdOf(transaction)
  const data = await walletRpc(client, {
    wallet,
    method: 'eth_sendTransaction',
    params: { transaction: asIs({ ...transaction, chainId }) },
    caip2: `eip155:${chainId}`,
    idempotencyKey: idempotencyKey ?? crypto.randomUUID(),
  })
  if (!isHex(data.hash))
    throw new UnexpectedResponseError({ path: '/api/v1/wallets/:id/rpc', field: 'data.hash' })
  return { hash: data.hash, caip2: typeof data.caip2 === 'string' ? data.caip2 : `eip155:${chainId}` }
}

export type SignTransactionParameters = WalletSelector & { transaction: TransactionRequest }

/**
 * Signs a transaction without sending it (`eth_signTransaction`); answers the RLP-encoded signed bytes.
 *
 * @example
 * const signed = await signTransaction(client, { transaction: { to: '0x...', value: 1n, chainId: 1, nonce: 0 } })
 */
export async function signTransaction(
  client: SatchelClient,
  { transaction, wallet }: SignTransactionParameters,
): Promise<`0x${string}`> {
  const chainId = chainIdOf(transaction)
  const data = await walletRpc(client, {
    wallet,
    method: 'eth_signTransaction',
    params: { transaction: asIs({ ...transaction, chainId }) },
  })
  if (!isHex(data.signedTransaction)) {
    throw new UnexpectedResponseError({ path: '/api/v1/wallets/:id/rpc', field: 'data.signed_transaction' })
  }
  return data.signedTransaction
}
