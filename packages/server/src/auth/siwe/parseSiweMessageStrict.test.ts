import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { parseSiweMessageStrict } from './parseSiweMessageStrict'

const common = {
  domain: 'app.example.com',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  uri: 'https://app.example.com',
  version: '1',
  nonce: 'abcdef0123456789',
  issuedAt: new Date('2025-01-01T00:00:00.000Z'),
} as const
const fields = {
  ...common,
  statement: 'Sign in to Example',
  chainId: 8453,
  expirationTime: new Date('2025-01-01T00:10:00.000Z'),
}
const base = createSiweMessage(fields)

describe('parseSiweMessageStrict', () => {
  it('reads a message without a statement, as EIP-4361 allows', () => {
    const bare = createSiweMessage({ ...common, chainId: 1 })
    expect(bare).toContain('79C8\n\n\nURI:')
    expect(parseSiweMessageStrict(bare)).toMatchObject({ statement: undefined, chainId: 1 })
  })

  it('reads a message viem wrote, with the address checksummed', () => {
    expect(
      parseSiweMessageStrict(
        base.replace(
          '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        ),
      ),
    ).toEqual({ scheme: undefined, ...fields, notBefore: undefined })
  })

  it.each([
    ['a trailing line', `${base}\nAnd something else`],
    ['a Solana header', base.replace('Ethereum account', 'Solana account')],
    ['version 2', base.replace('Version: 1', 'Version: 2')],
    ['a short nonce', base.replace('abcdef0123456789', 'abc')],
    [
      'a time that is not RFC 3339',
      base.replace('Expiration Time: 2025-01-01T00:10:00.000Z', 'Expiration Time: 2025-13-45T00:00:00Z'),
    ],
    ['plain text', 'Please sign this to log in'],
  ])('refuses %s with invalid_data', (_, text) => {
    expect(() => parseSiweMessageStrict(text)).toThrow(expect.objectContaining({ code: 'invalid_data' }))
  })
})
