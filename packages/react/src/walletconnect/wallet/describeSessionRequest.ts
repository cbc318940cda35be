import { isHex, isRecord } from '../../client/parse'
import { decodeBase58 } from '../../solana/decodeBase58'
import { describeSolanaTransaction, type SolanaTransactionSummary } from './describeSolanaTransaction'

/** What a request would do, in a form a screen can show. */
export type SessionRequestSummary =
  | {
      kind: 'message'
      /** The message as text when it is readable UTF-8; undefined for raw bytes. */
      text: string | undefined
      /** The message exactly as sent (0x-hex or text; base58 on Solana). */
      raw: string
    }
  | {
      kind: 'typedData'
      primaryType: string | undefined
      domain: { name?: string; version?: string; chainId?: number; verifyingContract?: string }
      /** The message being signed, as JSON text (bounded). */
      message: string
    }
  | {
      kind: 'transaction'
      /** `eth_sendTransaction` (signed and sent) rather than `eth_signTransaction` (signed only). */
      send: boolean
      to: string | undefined
      /** Wei. */
      value: bigint
      data: string | undefined
      chainId: number | undefined
    }
  | SolanaTransactionSummary
  | { kind: 'other' }

const decoder = () => new TextDecoder('utf-8', { fatal: true })

function hexToText(hex: `0x${string}`): string | undefined {
  if (hex.length % 2 !== 0) return undefined
  const bytes = new Uint8Array((hex.length - 2) / 2)
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(hex.slice(2 + index * 2, 4 + index * 2), 16)
  return bytesToText(bytes)
}

function base58ToText(text: string): string | undefined {
  try {
    return bytesToText(decodeBase58(text))
  } catch {
    return undefined
  }
}

function bytesToText(bytes: Uint8Array): string | undefined {
  try {
    const text = decoder().decode(bytes)
    // Control characters (other than line breaks and tabs) mean bytes, not words.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the test
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text
  } catch {
    return undefined
  }
}

function toBigInt(value: unknown): bigint {
  try {
    if (typeof value === 'bigint') return value
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
    if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value)
  } catch {}
  return 0n
}

function toChainId(value: unknown): number | undefined {
  const id = toBigInt(value)
  return id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined
}

function parseTypedData(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value
  if (typeof value !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads a connected app's request (untrusted) into what the person approving it needs to see: the
 * message as text, a typed-data summary, an EVM transaction's recipient, value and chain, or a Solana
 * transaction's transfers, fee and unreadable instructions (WalletConnect's Solana methods take an
 * object: `{message}` in base58, `{transaction}` in base64).
 *
 * @example
 * describeSessionRequest({ method: 'personal_sign', params: ['0x48656c6c6f', '0xabc…'] })
 * // { kind: 'message', text: 'Hello', raw: '0x48656c6c6f' }
 */
export function describeSessionRequest({
  method,
  params,
  chainId,
}: {
  method: string
  params: unknown
  chainId?: number | undefined
}): SessionRequestSummary {
  const list: readonly unknown[] = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign': {
      const [message] = list
      if (typeof message !== 'string') return { kind: 'other' }
      return { kind: 'message', text: isHex(message) ? hexToText(message) : message, raw: message }
    }
    case 'eth_signTypedData_v4': {
      const typedData = parseTypedData(list[1])
      if (!typedData) return { kind: 'other' }
      const domain = isRecord(typedData.domain) ? typedData.domain : {}
      const domainChainId = toChainId(domain.chainId)
      return {
        kind: 'typedData',
        primaryType: typeof typedData.primaryType === 'string' ? typedData.primaryType : undefined,
        domain: {
          ...(typeof domain.name === 'string' ? { name: domain.name } : {}),
          ...(typeof domain.version === 'string' ? { version: domain.version } : {}),
          ...(domainChainId === undefined ? {} : { chainId: domainChainId }),
          ...(typeof domain.verifyingContract === 'string'
            ? { verifyingContract: domain.verifyingContract }
            : {}),
        },
        message: JSON.stringify(typedData.message ?? {}, null, 2).slice(0, 4000),
      }
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const transaction = isRecord(list[0]) ? list[0] : undefined
      if (!transaction) return { kind: 'other' }
      return {
        kind: 'transaction',
        send: method === 'eth_sendTransaction',
        to: typeof transaction.to === 'string' ? transaction.to : undefined,
        value: toBigInt(transaction.value),
        data:
          typeof transaction.data === 'string' && transaction.data !== '0x' ? transaction.data : undefined,
        chainId: toChainId(transaction.chainId) ?? chainId,
      }
    }
    case 'solana_signMessage': {
      const message = isRecord(params) ? params.message : undefined
      if (typeof message !== 'string' || message === '') return { kind: 'other' }
      return { kind: 'message', text: base58ToText(message), raw: message }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const transaction = isRecord(params) ? params.transaction : undefined
      if (typeof transaction !== 'string') return { kind: 'other' }
      const send = method === 'solana_signAndSendTransaction'
      return describeSolanaTransaction({ transaction, send }) ?? { kind: 'other' }
    }
    default:
      return { kind: 'other' }
  }
}
