import { isHex, isRecord } from '../../client/parse'

/** What a request would do, in a form a screen can show. */
export type SessionRequestSummary =
  | {
      kind: 'message'
      /** The message as text when it is readable UTF-8; undefined for raw bytes. */
      text: string | undefined
      /** The message exactly as sent (0x-hex or text). */
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
  | { kind: 'other' }

const decoder = () => new TextDecoder('utf-8', { fatal: true })

function hexToText(hex: `0x${string}`): string | undefined {
  if (hex.length % 2 !== 0) return undefined
  const bytes = new Uint8Array((hex.length - 2) / 2)
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(hex.slice(2 + index * 2, 4 + index * 2), 16)
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
 * message as text, a typed-data summary, or a transaction's recipient, value and chain.
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
    default:
      return { kind: 'other' }
  }
}
