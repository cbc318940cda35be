import { generateKeyPairSync, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
  verifyP256Signature,
} from './authorizationSignature'

const payload = buildAuthorizationPayload({
  method: 'POST',
  url: 'https://api.satchel.test/api/v1/wallets/wallet_1/rpc',
  body: { params: { message: 'hi', encoding: 'utf-8' }, method: 'personal_sign' },
  appId: 'app_1',
  expiry: '1700000000000',
  idempotencyKey: 'key-1',
})

describe('serializeAuthorizationPayload', () => {
  it('is the RFC 8785 canonical JSON the SDK signs (sorted keys, no whitespace)', () => {
    expect(new TextDecoder().decode(serializeAuthorizationPayload(payload))).toMatchInlineSnapshot(
      `"{"body":{"method":"personal_sign","params":{"encoding":"utf-8","message":"hi"}},"headers":{"satchel-app-id":"app_1","satchel-idempotency-key":"key-1","satchel-request-expiry":"1700000000000"},"method":"POST","url":"https://api.satchel.test/api/v1/wallets/wallet_1/rpc","version":1}"`,
    )
  })

  it('leaves the idempotency key out when none is sent', () => {
    const { headers } = buildAuthorizationPayload({
      method: 'POST',
      url: 'u',
      body: {},
      appId: 'a',
      expiry: '1',
    })
    expect(headers).toEqual({ 'satchel-app-id': 'a', 'satchel-request-expiry': '1' })
  })
})

describe('verifyP256Signature', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const data = serializeAuthorizationPayload(payload)

  it('accepts raw r||s (WebCrypto) and DER, in base64 or base64url', () => {
    const raw = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' })
    const der = sign('sha256', data, { key: privateKey, dsaEncoding: 'der' })
    expect(verifyP256Signature(jwk, data, raw.toString('base64'))).toBe(true)
    expect(verifyP256Signature(jwk, data, der.toString('base64'))).toBe(true)
    expect(verifyP256Signature(jwk, data, raw.toString('base64url'))).toBe(true)
  })

  it('refuses other data, other keys and garbage without throwing', () => {
    const signature = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64')
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' })
    expect(verifyP256Signature(jwk, new TextEncoder().encode('other'), signature)).toBe(false)
    expect(verifyP256Signature(other, data, signature)).toBe(false)
    expect(verifyP256Signature(jwk, data, 'not base64!')).toBe(false)
    expect(verifyP256Signature(jwk, data, 'AAAA')).toBe(false)
    expect(verifyP256Signature({ kty: 'EC', crv: 'P-256', x: 'bad', y: 'bad' }, data, signature)).toBe(false)
    expect(verifyP256Signature({ kty: 'OKP', crv: 'Ed25519', x: jwk.x ?? '' }, data, signature)).toBe(false)
  })
})
