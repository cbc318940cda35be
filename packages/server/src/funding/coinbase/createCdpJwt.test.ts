import { createPublicKey, generateKeyPairSync } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { parseCdpKey } from '../../platform/config/parseCdpKey'
import { createCdpJwt } from './createCdpJwt'

const KEY_ID = 'organizations/org-1/apiKeys/key-1'
const NOW = 1_750_000_000
const TOKEN_URL = 'https://api.developer.coinbase.com/onramp/v1/token?ignored=1'

/** An Ed25519 secret as the CDP portal gives it: base64 of the 32-byte seed then the 32-byte public key. */
function cdpEd25519Secret() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return { secret: Buffer.concat([seed, raw]).toString('base64'), publicKey }
}

describe('createCdpJwt', () => {
  it('signs with an Ed25519 CDP secret: EdDSA header with kid and nonce, claims bound to one request', async () => {
    const { secret, publicKey } = cdpEd25519Secret()
    const jwt = await createCdpJwt({
      key: parseCdpKey(KEY_ID, secret),
      method: 'POST',
      url: TOKEN_URL,
      nowSeconds: NOW,
    })
    const header = decodeProtectedHeader(jwt)
    expect(header).toEqual({
      alg: 'EdDSA',
      kid: KEY_ID,
      typ: 'JWT',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    const { payload } = await jwtVerify(jwt, publicKey, { currentDate: new Date(NOW * 1000) })
    expect(payload).toEqual({
      sub: KEY_ID,
      iss: 'cdp',
      iat: NOW,
      nbf: NOW,
      exp: NOW + 120,
      uris: ['POST api.developer.coinbase.com/onramp/v1/token'],
    })
  })

  it('signs with an EC key in PEM (SEC1, with \\n escapes from an env file) as ES256', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const pem = privateKey.export({ format: 'pem', type: 'sec1' }).toString().replaceAll('\n', '\\n')
    const url = 'http://127.0.0.1:4000/onramp/v1/buy/user/fpu_1/transactions'
    const jwt = await createCdpJwt({ key: parseCdpKey(KEY_ID, pem), method: 'GET', url, nowSeconds: NOW })
    expect(decodeProtectedHeader(jwt).alg).toBe('ES256')
    const { payload } = await jwtVerify(jwt, publicKey, { currentDate: new Date(NOW * 1000) })
    expect(payload.uris).toEqual(['GET 127.0.0.1:4000/onramp/v1/buy/user/fpu_1/transactions'])
  })

  it('makes every token unique (a fresh nonce each time)', async () => {
    const key = parseCdpKey(KEY_ID, cdpEd25519Secret().secret)
    const nonces = new Set<unknown>()
    for (let i = 0; i < 5; i++)
      nonces.add(
        decodeProtectedHeader(await createCdpJwt({ key, method: 'POST', url: TOKEN_URL, nowSeconds: NOW }))
          .nonce,
      )
    expect(nonces.size).toBe(5)
  })
})

describe('parseCdpKey', () => {
  it('reads a 32-byte Ed25519 seed alone', () => {
    const { secret, publicKey } = cdpEd25519Secret()
    const seedOnly = Buffer.from(secret, 'base64').subarray(0, 32).toString('base64')
    const key = parseCdpKey(KEY_ID, seedOnly)
    expect(createPublicKey(key.privateKey).export({ format: 'jwk' })).toEqual(
      publicKey.export({ format: 'jwk' }),
    )
  })

  it('refuses other keys without repeating them', () => {
    const { secret } = cdpEd25519Secret()
    const mixed = Buffer.from(secret, 'base64')
    mixed[40] = (mixed[40] ?? 0) ^ 0xff
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    })
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({
      format: 'pem',
      type: 'sec1',
    })
    for (const bad of [mixed.toString('base64'), 'not a key', rsa.toString(), p384.toString(), 'AAAA'])
      expect(() => parseCdpKey(KEY_ID, bad)).toThrowError(
        'must be a PEM EC (P-256) or Ed25519 private key, or a base64 Ed25519 secret (32 or 64 bytes) as the CDP portal gives it',
      )
  })
})
