import { CompactEncrypt } from 'jose'
import { describe, expect, it } from 'vitest'
import { decryptJwe } from './decryptJwe'

async function recipient() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
  return { pair, publicJwk: await crypto.subtle.exportKey('jwk', pair.publicKey) }
}

describe('decryptJwe', () => {
  it('opens a JWE (ECDH-ES, A256GCM) made by jose for the browser-held key', async () => {
    const { pair, publicJwk } = await recipient()
    const jwe = await new CompactEncrypt(new TextEncoder().encode('test test test junk'))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A256GCM' })
      .encrypt(publicJwk)
    expect(await decryptJwe({ jwe, privateKey: pair.privateKey })).toBe('test test test junk')
  })

  it('honours apu/apv and A128GCM', async () => {
    const { pair, publicJwk } = await recipient()
    const jwe = await new CompactEncrypt(new TextEncoder().encode('0xkey'))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM' })
      .setKeyManagementParameters({
        apu: new TextEncoder().encode('satchel'),
        apv: new TextEncoder().encode('export'),
      })
      .encrypt(publicJwk)
    expect(await decryptJwe({ jwe, privateKey: pair.privateKey })).toBe('0xkey')
  })

  it('refuses a tampered ciphertext and other algorithms', async () => {
    const { pair, publicJwk } = await recipient()
    const jwe = await new CompactEncrypt(new TextEncoder().encode('secret'))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A256GCM' })
      .encrypt(publicJwk)
    const parts = jwe.split('.')
    parts[3] = `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`
    await expect(decryptJwe({ jwe: parts.join('.'), privateKey: pair.privateKey })).rejects.toThrow()
    await expect(decryptJwe({ jwe: 'a.b.c', privateKey: pair.privateKey })).rejects.toThrow('Unsupported JWE')
  })
})
