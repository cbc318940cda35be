import { ApiError } from '@satchel/core'
import { type Address, getAddress, isAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

export type StrictSiweMessage = {
  scheme: string | undefined
  domain: string
  address: Address
  statement: string | undefined
  uri: string
  version: '1'
  chainId: number
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
  notBefore: Date | undefined
}

// viem's own two patterns (utils/siwe/parseSiweMessage.ts), joined and anchored at both ends. viem
// looks for the fields anywhere after the header; here the whole text must be exactly one EIP-4361
// message, so nothing the wallet showed the user can hide after (or between) the parsed lines.
const WHOLE_MESSAGE = new RegExp(
  '^(?:[a-zA-Z][a-zA-Z0-9+\\-.]*:\\/\\/)?[a-zA-Z0-9+\\-.]*(?::[0-9]{1,5})? wants you to sign in with your Ethereum account:\\n' +
    // A statement is optional; without one EIP-4361 (and viem's createSiweMessage) leaves an empty line.
    '0x[a-fA-F0-9]{40}\\n\\n(?:.*\\n\\n|\\n)?' +
    'URI: .+\\nVersion: 1\\nChain ID: \\d+\\nNonce: [a-zA-Z0-9]{8,}\\nIssued At: .+' +
    '(?:\\nExpiration Time: .+)?(?:\\nNot Before: .+)?(?:\\nRequest ID: .*)?(?:\\nResources:(?:\\n- .+)*)?$',
)

/**
 * Parses a Sign-In with Ethereum (EIP-4361) message with viem, more strictly than viem alone: the
 * text must be one whole message (version 1, a nonce of 8+ alphanumerics, valid RFC 3339 times, a
 * valid address), or `invalid_data`.
 *
 * @example
 * const message = parseSiweMessageStrict(body.message)
 * message.chainId // 1
 */
export function parseSiweMessageStrict(text: string): StrictSiweMessage {
  if (!WHOLE_MESSAGE.test(text))
    throw invalid('The message is not a Sign-In with Ethereum (EIP-4361) message')
  const parsed = parseSiweMessage(text)
  const { domain, address, uri, chainId, nonce, issuedAt, expirationTime, notBefore } = parsed
  if (
    !domain ||
    !address ||
    !isAddress(address, { strict: false }) ||
    !uri ||
    !chainId ||
    !nonce ||
    !issuedAt
  ) {
    throw invalid('The message is not a Sign-In with Ethereum (EIP-4361) message')
  }
  for (const date of [issuedAt, expirationTime, notBefore]) {
    if (date && Number.isNaN(date.getTime())) throw invalid("The message's times must be RFC 3339 date-times")
  }
  return {
    scheme: parsed.scheme,
    domain,
    address: getAddress(address),
    statement: parsed.statement,
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
  }
}

function invalid(message: string) {
  return new ApiError('invalid_data', { message })
}
