import { describe, expect, it } from 'vitest'
import { parseSiwsMessage } from './parseSiwsMessage'

const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const header = [`app.example.com wants you to sign in with your Solana account:`, ADDRESS, '']
const full = [
  ...header,
  'Sign in to Example',
  '',
  'URI: https://app.example.com/login',
  'Version: 1',
  'Chain ID: mainnet',
  'Nonce: abcdef0123456789',
  'Issued At: 2025-01-01T00:00:00.000Z',
  'Expiration Time: 2025-01-01T00:10:00Z',
  'Not Before: 2025-01-01T00:00:00Z',
  'Request ID: req-1',
  'Resources:',
  '- https://app.example.com/tos',
  '- ipfs://bafy',
].join('\n')

describe('parseSiwsMessage', () => {
  it('reads every field of a full message', () => {
    const { publicKey, ...message } = parseSiwsMessage(full)
    expect(publicKey).toHaveLength(32)
    expect(message).toEqual({
      domain: 'app.example.com',
      address: ADDRESS,
      statement: 'Sign in to Example',
      uri: 'https://app.example.com/login',
      version: '1',
      chainId: 'mainnet',
      nonce: 'abcdef0123456789',
      issuedAt: new Date('2025-01-01T00:00:00.000Z'),
      expirationTime: new Date('2025-01-01T00:10:00Z'),
      notBefore: new Date('2025-01-01T00:00:00Z'),
      requestId: 'req-1',
      resources: ['https://app.example.com/tos', 'ipfs://bafy'],
    })
  })

  it('reads a message without a statement or optional fields', () => {
    const text = [
      ...header,
      'URI: https://app.example.com',
      'Version: 1',
      'Nonce: abcdef01',
      'Issued At: 2025-01-01T00:00:00Z',
    ].join('\n')
    expect(parseSiwsMessage(text)).toMatchObject({
      statement: undefined,
      chainId: undefined,
      nonce: 'abcdef01',
      resources: [],
    })
  })

  it.each([
    ['an Ethereum header', full.replace('Solana account', 'Ethereum account')],
    [
      'an address that is not a 32-byte key',
      full.replace(ADDRESS, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'),
    ],
    ['fields out of order', full.replace('Version: 1\nChain ID: mainnet', 'Chain ID: mainnet\nVersion: 1')],
    ['a repeated field', full.replace('Version: 1', 'Version: 1\nVersion: 1')],
    ['a version other than 1', full.replace('Version: 1', 'Version: 2')],
    ['a short nonce', full.replace('Nonce: abcdef0123456789', 'Nonce: abc')],
    ['no nonce', full.replace('Nonce: abcdef0123456789\n', '')],
    ['no URI', full.replace('URI: https://app.example.com/login\n', '')],
    [
      'a time that is not RFC 3339',
      full.replace('Expiration Time: 2025-01-01T00:10:00Z', 'Expiration Time: tomorrow'),
    ],
    ['a trailing line', `${full}\nP.S. something else`],
    ['a trailing newline', `${full}\n`],
    ['a statement on two lines', full.replace('Sign in to Example', 'Sign in\nto Example')],
  ])('refuses %s with invalid_data', (_, text) => {
    expect(() => parseSiwsMessage(text)).toThrow(expect.objectContaining({ code: 'invalid_data' }))
  })
})
