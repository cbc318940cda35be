import { ApiError, type NormalizedTransaction } from '@satchel/core'
import { getAddress, type Hex, hexToBytes, isAddress, isHex, type TypedDataDomain } from 'viem'
import type { ServerContext } from '../../identity/context'
import type { VaultTypedData } from '../../vault/types'
import type { NonceManager } from '../chains/createNonceManager'
import type { ReceiptFollower } from '../chains/createReceiptFollower'
import { fillTransaction } from '../chains/fillTransaction'
import { getPublicClient } from '../chains/getPublicClient'
import { signWithVault } from '../signWithVault'
import type { SigningWallet } from '../walletsRepository'
import { normalizeTransactionRequest } from './normalizeTransactionRequest'
import type { BeforeBroadcast } from './recordOutgoingTransaction'
import type { TransactionRequest, WalletRpcBody } from './rpcSchemas'
import { sendEthereumTransaction } from './sendEthereumTransaction'
import { toSerializableTransaction } from './toSerializableTransaction'

export type EthereumRpcBody = Extract<
  WalletRpcBody,
  {
    method:
      | 'personal_sign'
      | 'eth_signTypedData_v4'
      | 'eth_signTransaction'
      | 'eth_sendTransaction'
      | 'secp256k1_sign'
  }
>

export type HandleEthereumRpcParameters = {
  wallet: SigningWallet
  /** The caller's session (its recovery unlock may be needed); null for a delegated signer. */
  sessionId: string | null
  body: EthereumRpcBody
  follower: ReceiptFollower
  nonces: NonceManager
  /** Stores the audit intent of a send; the broadcast waits for it (see sendEthereumTransaction). */
  beforeBroadcast: BeforeBroadcast
}

/** `{method, data}` as the API answers a wallet RPC request. */
export type WalletRpcResult = { method: string; data: Record<string, string> }

/**
 * Runs one EVM wallet method after authorisation and policies: signs messages, typed data, raw
 * hashes and transactions (missing nonce, gas and fees filled from the chain), and sends
 * transactions through the nonce manager, following their receipts.
 *
 * @example
 * await handleEthereumRpc(ctx, { wallet, sessionId, body: { method: 'personal_sign', params: { message: 'hi', encoding: 'utf-8' } }, follower, nonces, beforeBroadcast })
 * // { method: 'personal_sign', data: { signature: '0x...', encoding: 'hex' } }
 */
export async function handleEthereumRpc(
  ctx: ServerContext,
  { wallet, sessionId, body, follower, nonces, beforeBroadcast }: HandleEthereumRpcParameters,
): Promise<WalletRpcResult> {
  switch (body.method) {
    case 'personal_sign': {
      const bytes = messageBytes(body.params.message, body.params.encoding)
      const result = await signWithVault(ctx, wallet, { method: 'personal_sign', message: bytes }, sessionId)
      return { method: body.method, data: { signature: signatureOf(result), encoding: 'hex' } }
    }
    case 'eth_signTypedData_v4': {
      const { primaryType, primary_type, domain, types, message } = body.params.typed_data
      const definition: VaultTypedData = {
        types,
        message,
        primaryType: primaryType ?? primary_type ?? '',
        ...(domain && { domain: toTypedDataDomain(domain) }),
      }
      const result = await signWithVault(
        ctx,
        wallet,
        {
          method: 'eth_signTypedData_v4',
          typedData: definition,
        },
        sessionId,
      )
      return { method: body.method, data: { signature: signatureOf(result), encoding: 'hex' } }
    }
    case 'secp256k1_sign': {
      const { hash } = body.params
      if (!isHex(hash)) throw new ApiError('invalid_data', { message: 'hash must be 32 bytes of 0x hex' })
      const result = await signWithVault(ctx, wallet, { method: 'secp256k1_sign', hash }, sessionId)
      return { method: body.method, data: { signature: signatureOf(result), encoding: 'hex' } }
    }
    case 'eth_signTransaction': {
      const chainId = resolveChainId(body.caip2, body.params.transaction, false)
      const transaction = normalize(body.params.transaction, chainId, wallet.address)
      const from = getAddress(wallet.address)
      let complete: NormalizedTransaction = transaction
      if (needsChain(transaction)) {
        const client = getPublicClient(ctx, transaction.chainId)
        complete = await fillTransaction(client, transaction, from)
        if (complete.nonce === undefined) {
          const nonce = await client.getTransactionCount({ address: from, blockTag: 'pending' }).catch(() => {
            throw new ApiError('service_unavailable', { message: 'The chain RPC could not be reached' })
          })
          complete = { ...complete, nonce }
        }
      }
      const signed = await signTransaction(ctx, wallet, sessionId, complete)
      return { method: body.method, data: { signed_transaction: signed, encoding: 'rlp' } }
    }
    case 'eth_sendTransaction': {
      const chainId = resolveChainId(body.caip2, body.params.transaction, true)
      const transaction = normalize(body.params.transaction, chainId, wallet.address)
      const sent = await sendEthereumTransaction(ctx, {
        wallet,
        sessionId,
        transaction,
        from: getAddress(wallet.address),
        nonces,
        follower,
        beforeBroadcast,
      })
      return { method: body.method, data: sent }
    }
  }
}

/** The chain of a transaction request: `caip2` (required to send), else the transaction's chainId. */
function resolveChainId(caip2: string | undefined, transaction: TransactionRequest, required: boolean) {
  if (caip2 === undefined) {
    if (required && transaction.chainId == null) {
      throw new ApiError('invalid_data', { message: 'caip2 is required to send a transaction' })
    }
    return undefined
  }
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  if (!match?.[1]) throw new ApiError('unsupported_chain_id', { message: `Unsupported chain id: ${caip2}` })
  return Number(match[1])
}

function normalize(
  input: TransactionRequest,
  chainId: number | undefined,
  address: string,
): NormalizedTransaction {
  let transaction = normalizeTransactionRequest(input)
  if (chainId !== undefined) {
    if (input.chainId != null && transaction.chainId !== chainId) {
      throw new ApiError('invalid_data', { message: 'The transaction chainId does not match caip2' })
    }
    transaction = { ...transaction, chainId }
  }
  if (transaction.from !== undefined && transaction.from !== getAddress(address)) {
    throw new ApiError('invalid_data', { message: 'from is not the address of this wallet' })
  }
  return transaction
}

function needsChain(transaction: NormalizedTransaction): boolean {
  if (transaction.nonce === undefined || transaction.gas === undefined) return true
  if (transaction.type === 'eip1559') {
    return transaction.maxFeePerGas === undefined || transaction.maxPriorityFeePerGas === undefined
  }
  return transaction.gasPrice === undefined
}

async function signTransaction(
  ctx: ServerContext,
  wallet: SigningWallet,
  sessionId: string | null,
  transaction: NormalizedTransaction,
) {
  const result = await signWithVault(
    ctx,
    wallet,
    { method: 'eth_signTransaction', transaction: toSerializableTransaction(transaction) },
    sessionId,
  )
  if (result.method !== 'eth_signTransaction') throw new ApiError('internal_error')
  return result.signedTransaction
}

function signatureOf(result: Awaited<ReturnType<typeof signWithVault>>): Hex {
  if (result.method === 'eth_signTransaction' || result.method === 'solana_signMessage') {
    throw new ApiError('internal_error')
  }
  return result.signature
}

function messageBytes(message: string, encoding: 'utf-8' | 'hex'): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(message)
  if (!isHex(message, { strict: true }) || message.length % 2 !== 0) {
    throw new ApiError('invalid_data', {
      message: 'message must be 0x hex of whole bytes when encoding is hex',
    })
  }
  return hexToBytes(message)
}

function toTypedDataDomain(domain: {
  name?: string | undefined
  version?: string | undefined
  chainId?: number | undefined
  verifyingContract?: string | undefined
  salt?: string | undefined
}): TypedDataDomain {
  const { verifyingContract, salt } = domain
  if (verifyingContract !== undefined && !isAddress(verifyingContract, { strict: false })) {
    throw new ApiError('invalid_data', { message: 'typed_data.domain.verifyingContract is not an address' })
  }
  if (salt !== undefined && !(isHex(salt) && salt.length === 66)) {
    throw new ApiError('invalid_data', { message: 'typed_data.domain.salt must be 32 bytes of 0x hex' })
  }
  return {
    ...(domain.name !== undefined && { name: domain.name }),
    ...(domain.version !== undefined && { version: domain.version }),
    ...(domain.chainId !== undefined && { chainId: domain.chainId }),
    ...(verifyingContract !== undefined && { verifyingContract }),
    ...(salt !== undefined && { salt }),
  }
}
