import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { decodeDidKey } from './decodeDidKey'
import { parseClientAuth } from './parseClientAuth'

const relayUrl = 'ws://127.0.0.1:1'

function swapPayload(jwt: string, payload: Record<string, unknown>): string {
  const [header, , signature] = jwt.split('.')
  return [header, Buffer.from(JSON.stringify(payload)).toString('base64url'), signature].join('.')
}

describe('parseClientAuth', () => {
  it("takes the identity from a JWT signed by the SDK's own signer", async () => {
    const keyPair = generateKeyPair()
    const jwt = await signJWT('session', relayUrl, 86_400, keyPair)

    expect(parseClientAuth(jwt)).toEqual({ identity: encodeIss(keyPair.publicKey) })
    expect(parseClientAuth(jwt).identity).toMatch(/^did:key:z6Mk/)
  })

  it("refuses a token claiming another client's identity", async () => {
    const victim = encodeIss(generateKeyPair().publicKey)
    const jwt = await signJWT('session', relayUrl, 86_400, generateKeyPair())
    const forged = swapPayload(jwt, { iss: victim, sub: 'session', aud: relayUrl, iat: 1, exp: 2 })

    expect(() => parseClientAuth(forged)).toThrowErrorMatchingInlineSnapshot(
      `[InvalidClientAuthError: Auth signature does not verify]`,
    )
  })

  it('refuses missing, malformed and non-EdDSA tokens', () => {
    expect(() => parseClientAuth('')).toThrow('Missing or oversized auth')
    expect(() => parseClientAuth('a.b')).toThrow('Auth is not a JWT')
    const hs256 = [{ alg: 'HS256' }, { iss: 'did:key:z6Mk' }, {}]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.')
    expect(() => parseClientAuth(hs256)).toThrow('Auth must be an EdDSA JWT')
    const notDid = swapPayload(`${Buffer.from('{"alg":"EdDSA"}').toString('base64url')}..sig`, {
      iss: 'alice',
    })
    expect(() => parseClientAuth(notDid)).toThrow('Auth issuer is not an Ed25519 did:key')
  })
})

describe('decodeDidKey', () => {
  it('round-trips the public key the SDK encodes', () => {
    const { publicKey } = generateKeyPair()
    expect(decodeDidKey(encodeIss(publicKey))).toEqual(publicKey)
  })

  it('refuses non-base58 text, other key types and other DID methods', () => {
    expect(decodeDidKey('did:key:z0OIl')).toBeUndefined()
    // A secp256k1 did:key (multicodec 0xe7): not an Ed25519 key.
    expect(decodeDidKey('did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme')).toBeUndefined()
    expect(decodeDidKey('did:web:example.com')).toBeUndefined()
  })
})
