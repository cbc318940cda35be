import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
  verifyP256Signature,
} from '../../../../server/src/identity/signedRequests/authorizationSignature'
import { canonicalize } from './canonicalize'
import { exportSessionPublicKey, getOrCreateSessionKey } from './sessionKey'
import { createMemorySessionKeyStore } from './sessionKeyStore'
import { getSignaturePayload, signRequest } from './signRequest'

const request = {
  appId: 'app_1',
  method: 'POST',
  url: 'http://127.0.0.1:8787/api/v1/wallets/wal_1/rpc',
  body: { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } },
  expiry: 1_700_000_120_000,
  idempotencyKey: 'idem-1',
}

describe('signRequest', () => {
  it('signs the canonical payload so node:crypto verifies it with the exported public JWK', async () => {
    const pair = await getOrCreateSessionKey({ store: createMemorySessionKeyStore(), lockName: 'test' })
    const headers = await signRequest({ ...request, privateKey: pair.privateKey })
    expect(headers['satchel-request-expiry']).toBe('1700000120000')
    expect(headers['satchel-idempotency-key']).toBe('idem-1')
    const signature = Buffer.from(headers['satchel-authorization-signature'], 'base64')
    expect(signature).toHaveLength(64)
    const jwk = await exportSessionPublicKey(pair)
    const payload = Buffer.from(canonicalize(getSignaturePayload(request)))
    const key = createPublicKey({ key: jwk, format: 'jwk' })
    expect(verify('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true)
    expect(
      verify(
        'sha256',
        Buffer.from(payload.toString().replace('hello', 'hellO')),
        { key, dsaEncoding: 'ieee-p1363' },
        signature,
      ),
    ).toBe(false)
  })

  it('signs exactly what the server rebuilds and verifies', async () => {
    const pair = await getOrCreateSessionKey({ store: createMemorySessionKeyStore(), lockName: 'test' })
    const headers = await signRequest({ ...request, privateKey: pair.privateKey })
    const serverPayload = buildAuthorizationPayload({ ...request, expiry: headers['satchel-request-expiry'] })
    const jwk = await exportSessionPublicKey(pair)
    expect(
      verifyP256Signature(
        jwk,
        serializeAuthorizationPayload(serverPayload),
        headers['satchel-authorization-signature'],
      ),
    ).toBe(true)
  })

  it('binds the idempotency key: adding one after signing breaks the signature', async () => {
    const pair = await getOrCreateSessionKey({ store: createMemorySessionKeyStore(), lockName: 'test' })
    const { idempotencyKey: _, ...withoutKey } = request
    const headers = await signRequest({ ...withoutKey, privateKey: pair.privateKey })
    const tampered = buildAuthorizationPayload({ ...request, expiry: headers['satchel-request-expiry'] })
    const jwk = await exportSessionPublicKey(pair)
    expect(
      verifyP256Signature(
        jwk,
        serializeAuthorizationPayload(tampered),
        headers['satchel-authorization-signature'],
      ),
    ).toBe(false)
  })

  it('keeps the private key non-extractable', async () => {
    const pair = await getOrCreateSessionKey({ store: createMemorySessionKeyStore(), lockName: 'test' })
    expect(pair.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('jwk', pair.privateKey)).rejects.toThrow()
    expect(await exportSessionPublicKey(pair)).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
    })
  })
})
