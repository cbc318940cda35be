import { ApiError } from '@satchel/core'
import { decodeBase58 } from './decodeBase58'

export type SiwsMessage = {
  domain: string
  /** The base58 ed25519 public key, as written in the message. */
  address: string
  /** Its 32 bytes. */
  publicKey: Uint8Array
  statement: string | undefined
  uri: string
  version: '1'
  /** `mainnet`, `devnet`, `solana:mainnet`...: shown by the wallet, not checked here. */
  chainId: string | undefined
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
  notBefore: Date | undefined
  requestId: string | undefined
  resources: string[]
}

const HEADER = /^([^\s]+) wants you to sign in with your Solana account:$/
// The optional fields, in the only order the spec allows (Phantom's `createSignInMessageText`).
const FIELDS = [
  'URI',
  'Version',
  'Chain ID',
  'Nonce',
  'Issued At',
  'Expiration Time',
  'Not Before',
  'Request ID',
] as const
type Field = (typeof FIELDS)[number]
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * Parses a Sign In With Solana message (Phantom's SIWS spec: the EIP-4361 text with "Solana
 * account", fields in a fixed order, each optional). Strict: the text must be exactly one message,
 * the address a base58 32-byte key, and for Satchel URI, Version 1, a nonce of 8+ alphanumerics
 * and Issued At are required; anything else is `invalid_data`.
 *
 * @example
 * const message = parseSiwsMessage(text)
 * message.address // '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
 */
export function parseSiwsMessage(text: string): SiwsMessage {
  const lines = text.split('\n')
  const domain = lines[0]?.match(HEADER)?.[1]
  const address = lines[1] ?? ''
  const publicKey = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) ? decodeBase58(address) : undefined
  if (!domain || !publicKey || publicKey.length !== 32) throw invalid()
  let at = 2
  let statement: string | undefined
  if (lines[at] !== '') throw invalid()
  at++
  if (lines[at] !== undefined && !isFieldLine(lines[at] ?? '')) {
    statement = lines[at]
    at++
    if (lines[at] !== '') throw invalid()
    at++
  }
  const values = new Map<Field, string>()
  let next = 0 // fields must come in order, each at most once
  for (; at < lines.length; at++) {
    const line = lines[at] ?? ''
    if (line === 'Resources:') break
    const index = FIELDS.findIndex((f) => line.startsWith(`${f}: `))
    if (index < next) throw invalid()
    const field = FIELDS[index]
    if (!field) throw invalid()
    values.set(field, line.slice(field.length + 2))
    next = index + 1
  }
  const resources: string[] = []
  if (lines[at] === 'Resources:') {
    for (at++; at < lines.length; at++) {
      const resource = lines[at]?.match(/^- (.+)$/)?.[1]
      if (!resource) throw invalid()
      resources.push(resource)
    }
  }
  const uri = values.get('URI')
  const nonce = values.get('Nonce')
  const issuedAt = parseDate(values.get('Issued At'))
  if (!uri || values.get('Version') !== '1' || !nonce || !/^[a-zA-Z0-9]{8,}$/.test(nonce) || !issuedAt)
    throw invalid()
  const expirationTime = parseDate(values.get('Expiration Time'))
  const notBefore = parseDate(values.get('Not Before'))
  if (
    values.has('Expiration Time') !== (expirationTime !== undefined) ||
    values.has('Not Before') !== (notBefore !== undefined)
  ) {
    throw invalid()
  }
  return {
    domain,
    address,
    publicKey,
    statement,
    uri,
    version: '1',
    chainId: values.get('Chain ID'),
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId: values.get('Request ID'),
    resources,
  }
}

function isFieldLine(line: string): boolean {
  return line === 'Resources:' || FIELDS.some((f) => line.startsWith(`${f}: `))
}

function parseDate(value: string | undefined): Date | undefined {
  if (value === undefined || !RFC3339.test(value)) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

function invalid() {
  return new ApiError('invalid_data', { message: 'The message is not a Sign In With Solana message' })
}
