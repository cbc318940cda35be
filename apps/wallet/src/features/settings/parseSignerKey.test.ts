import { describe, expect, it } from 'vitest'
import { parseSignerKey } from './parseSignerKey'

const x = 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU'
const y = 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0'

describe('parseSignerKey', () => {
  it('keeps the public members of a P-256 JWK', () => {
    expect(
      parseSignerKey(JSON.stringify({ kty: 'EC', crv: 'P-256', x, y, ext: true, key_ops: ['verify'] })),
    ).toEqual({
      key: { kty: 'EC', crv: 'P-256', x, y },
    })
  })

  it('refuses a private key, another curve, and text that is not a JWK, in words', () => {
    expect(parseSignerKey(JSON.stringify({ kty: 'EC', crv: 'P-256', x, y, d: x }))).toEqual({
      error: 'This is a private key. Ask the app for its public key; never share a private key.',
    })
    expect(parseSignerKey(JSON.stringify({ kty: 'EC', crv: 'secp256k1', x, y }))).toEqual({
      error: 'The key must be a P-256 key (kty "EC", crv "P-256").',
    })
    expect(parseSignerKey(JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'short', y }))).toEqual({
      error: 'The key’s x and y must each be 32 bytes in base64url.',
    })
    expect(parseSignerKey('not json')).toHaveProperty('error')
    expect(parseSignerKey('[1]')).toEqual({ error: 'The key must be a JSON object (a JWK).' })
  })
})
