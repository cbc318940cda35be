import { InvalidParamsError, UnauthorizedError, UnsupportedMethodError } from '@satchel/core'
import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import {
  sendTransaction,
  signTransaction,
  type TransactionRequest,
} from '../../client/actions/sendTransaction'
import { signAndSendSolanaTransaction } from '../../client/actions/signAndSendSolanaTransaction'
import { signMessage } from '../../client/actions/signMessage'
import { signSolanaMessage } from '../../client/actions/signSolanaMessage'
import { signSolanaTransaction } from '../../client/actions/signSolanaTransaction'
import { signTypedData, type TypedDataDefinition } from '../../client/actions/signTypedData'
import type { SatchelClient } from '../../client/createSatchelClient'
import { toBase64 } from '../../client/encoding'
import { isHex, isRecord } from '../../client/parse'
import { isSupportedMethod } from './supportedMethods'

export type AnswerSessionRequestParameters = {
  method: string
  /** The app's parameters (untrusted: checked here). */
  params: unknown
  /** The chain the app sent the request for (CAIP-2). */
  caip2: string
  /** Its EVM chain id; undefined on Solana. */
  chainId: number | undefined
  /** The addresses the session shares with the app on that chain. */
  addresses: readonly string[]
  /** Makes a retried send go out once (the request's id within its session is a good key). */
  idempotencyKey?: string | undefined
}

const quantityFields = [
  'value',
  'nonce',
  'gas',
  'gasLimit',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
]

function ownAddress(addresses: readonly string[], address: unknown): string {
  const found = addresses.find(
    (candidate) => typeof address === 'string' && candidate.toLowerCase() === address.toLowerCase(),
  )
  if (!found) throw new UnauthorizedError({ details: 'The address is not one this session shares.' })
  return found
}

/** The transaction fields the wallet RPC takes, each checked; anything else is dropped. */
function readTransaction(value: unknown, chainId: number): TransactionRequest {
  if (!isRecord(value))
    throw new InvalidParamsError({ details: 'Expected a transaction object as the first parameter.' })
  const transaction: Record<string, string | number> = {}
  for (const field of ['to', 'from', 'data', ...quantityFields, 'type']) {
    const item = value[field]
    if (item === undefined || item === null) continue
    if (typeof item !== 'string' && typeof item !== 'number')
      throw new InvalidParamsError({ details: `Transaction field ${field} must be a string or a number.` })
    transaction[field] = item
  }
  if (value.chainId !== undefined && Number(value.chainId) !== chainId)
    throw new InvalidParamsError({ details: 'The transaction chainId differs from the request chain.' })
  return { ...transaction, chainId }
}

function readTypedData(value: unknown): TypedDataDefinition {
  let parsed: unknown = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      parsed = undefined
    }
  }
  if (
    !isRecord(parsed) ||
    !isRecord(parsed.types) ||
    typeof parsed.primaryType !== 'string' ||
    !isRecord(parsed.message)
  )
    throw new InvalidParamsError({ details: 'eth_signTypedData_v4 expects [address, typedData].' })
  const types: TypedDataDefinition['types'] = {}
  for (const [name, fields] of Object.entries(parsed.types)) {
    if (!Array.isArray(fields))
      throw new InvalidParamsError({ details: `Typed data type ${name} is not a list.` })
    types[name] = fields.map((field) => {
      if (!isRecord(field) || typeof field.name !== 'string' || typeof field.type !== 'string')
        throw new InvalidParamsError({ details: `Typed data type ${name} has a malformed field.` })
      return { name: field.name, type: field.type }
    })
  }
  return {
    ...(isRecord(parsed.domain) ? { domain: parsed.domain } : {}),
    types,
    primaryType: parsed.primaryType,
    message: parsed.message,
  }
}

/** A Solana address the session shares (base58 is case-sensitive: compared exactly). */
function ownSolanaAddress(addresses: readonly string[], pubkey: unknown): string {
  // WalletConnect's Solana methods name the signer as `pubkey`; some apps leave it out of a transaction.
  const wanted = pubkey ?? addresses[0]
  const found = addresses.find((candidate) => candidate === wanted)
  if (!found) throw new UnauthorizedError({ details: 'The address is not one this session shares.' })
  return found
}

/** The bytes of a base64 or base58 parameter, or the standard invalid-params error naming it. */
function readBytes(value: unknown, encoding: 'base64' | 'base58', name: string): Uint8Array {
  try {
    if (typeof value === 'string' && value !== '')
      return Uint8Array.from((encoding === 'base58' ? getBase58Encoder() : getBase64Encoder()).encode(value))
  } catch {}
  throw new InvalidParamsError({ details: `${name} must be a ${encoding} string.` })
}

/**
 * Answers WalletConnect's Solana methods with the embedded Solana wallet: `{signature}` in base58 for a
 * message, `{signature, transaction}` (the wallet's signature and the signed transaction in base64)
 * for a signed transaction, `{signature}` (the transaction's id) for one signed and sent to `caip2`.
 */
async function answerSolanaRequest(
  client: SatchelClient,
  { method, params, caip2, addresses, idempotencyKey }: AnswerSessionRequestParameters,
): Promise<unknown> {
  const request = isRecord(params) ? params : {}
  const wallet = ownSolanaAddress(addresses, request.pubkey)
  switch (method) {
    case 'solana_signMessage': {
      const message = readBytes(request.message, 'base58', 'message')
      return { signature: getBase58Decoder().decode(await signSolanaMessage(client, { wallet, message })) }
    }
    case 'solana_signTransaction': {
      const transaction = readBytes(request.transaction, 'base64', 'transaction')
      const signed = await signSolanaTransaction(client, { wallet, transaction })
      const signature = getTransactionDecoder().decode(signed).signatures[address(wallet)]
      if (!signature)
        throw new InvalidParamsError({ details: 'The wallet is not a signer of the transaction.' })
      return { signature: getBase58Decoder().decode(signature), transaction: toBase64(signed) }
    }
    default: {
      const transaction = readBytes(request.transaction, 'base64', 'transaction')
      const signature = await signAndSendSolanaTransaction(client, {
        wallet,
        transaction,
        caip2,
        idempotencyKey,
      })
      return { signature }
    }
  }
}

/**
 * Does what a connected app asked, with the embedded wallet, through the SDK's actions (each one a
 * signed call to the server's wallet RPC): `personal_sign`, `eth_signTypedData_v4`,
 * `eth_sendTransaction` (answers the hash) and `eth_signTransaction`; on Solana
 * `solana_signMessage`, `solana_signTransaction` and `solana_signAndSendTransaction`. The address must
 * be one the session shares, and an EVM transaction's chain the request's.
 *
 * @throws {InvalidParamsError} / {UnauthorizedError} / {UnsupportedMethodError} for a bad request, or
 * the action's own error (an ApiError such as `missing_or_invalid_mfa`, a NetworkError).
 * @example
 * const signature = await answerSessionRequest(client, { method: 'personal_sign', params: ['0x48…', '0xabc…'], caip2: 'eip155:1', chainId: 1, addresses: ['0xabc…'] })
 */
export async function answerSessionRequest(
  client: SatchelClient,
  parameters: AnswerSessionRequestParameters,
): Promise<unknown> {
  const { method, params, chainId, addresses, idempotencyKey } = parameters
  if (isSupportedMethod(method, 'solana')) return answerSolanaRequest(client, parameters)
  if (chainId === undefined) throw new UnauthorizedError({ details: `${method} needs an EVM chain.` })
  const list: readonly unknown[] = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign': {
      const [message, address] = list
      if (typeof message !== 'string')
        throw new InvalidParamsError({ details: 'personal_sign expects [message, address].' })
      const wallet = ownAddress(addresses, address)
      // MetaMask's convention, which dApps follow: 0x-hex is the message's bytes, anything else is text.
      return signMessage(client, { wallet, message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, typedData] = list
      const wallet = ownAddress(addresses, address)
      return signTypedData(client, { wallet, typedData: readTypedData(typedData) })
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const transaction = readTransaction(list[0], chainId)
      const wallet = ownAddress(addresses, transaction.from ?? addresses[0])
      if (method === 'eth_signTransaction') return signTransaction(client, { wallet, transaction })
      return (await sendTransaction(client, { wallet, transaction, idempotencyKey })).hash
    }
    default:
      throw new UnsupportedMethodError({ details: `${method} is not supported.` })
  }
}
