import { fromBase64Url } from '../encoding'
import { isRecord } from '../parse'

function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.length)
  new DataView(out.buffer).setUint32(0, bytes.length)
  out.set(bytes, 4)
  return out
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const sizes = { A128GCM: 128, A192GCM: 192, A256GCM: 256 } as const

/**
 * Decrypts a compact JWE made with `alg: ECDH-ES` (direct key agreement on P-256) and `enc: A*GCM` for
 * `privateKey`, with WebCrypto only: the key agreement, the Concat KDF of RFC 7518 section 4.6, and
 * AES-GCM with the protected header as additional data. The plaintext is returned to the caller and
 * kept nowhere.
 *
 * @throws {TypeError} `Unsupported JWE` for any other algorithm or shape; WebCrypto's error when the
 * ciphertext or tag was tampered with.
 * @example
 * const secret = await decryptJwe({ jwe: ciphertext, privateKey: recipient.privateKey })
 */
export async function decryptJwe({
  jwe,
  privateKey,
}: {
  jwe: string
  privateKey: CryptoKey
}): Promise<string> {
  const [protectedHeader, encryptedKey, iv, ciphertext, tag] = jwe.split('.')
  if (
    protectedHeader === undefined ||
    iv === undefined ||
    ciphertext === undefined ||
    tag === undefined ||
    encryptedKey !== ''
  ) {
    throw new TypeError('Unsupported JWE: expected compact ECDH-ES serialization')
  }
  const header: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(protectedHeader)))
  if (!isRecord(header) || header.alg !== 'ECDH-ES' || !isRecord(header.epk))
    throw new TypeError('Unsupported JWE: alg must be ECDH-ES')
  const enc = header.enc
  if (enc !== 'A128GCM' && enc !== 'A192GCM' && enc !== 'A256GCM')
    throw new TypeError('Unsupported JWE: enc must be A128GCM, A192GCM or A256GCM')
  const { kty, crv, x, y } = header.epk
  if (kty !== 'EC' || crv !== 'P-256' || typeof x !== 'string' || typeof y !== 'string')
    throw new TypeError('Unsupported JWE: epk must be P-256')
  const ephemeral = await crypto.subtle.importKey(
    'jwk',
    { kty, crv, x, y },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  )
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: ephemeral }, privateKey, 256),
  )
  const bits = sizes[enc]
  const apu = typeof header.apu === 'string' ? fromBase64Url(header.apu) : new Uint8Array()
  const apv = typeof header.apv === 'string' ? fromBase64Url(header.apv) : new Uint8Array()
  const suppPubInfo = new Uint8Array(4)
  new DataView(suppPubInfo.buffer).setUint32(0, bits)
  // One round of the Concat KDF is enough: SHA-256 gives 256 bits, the most any A*GCM key needs.
  const round = concat(
    new Uint8Array([0, 0, 0, 1]),
    shared,
    lengthPrefixed(new TextEncoder().encode(enc)),
    lengthPrefixed(apu),
    lengthPrefixed(apv),
    suppPubInfo,
  )
  const derived = new Uint8Array(await crypto.subtle.digest('SHA-256', round)).slice(0, bits / 8)
  const key = await crypto.subtle.importKey('raw', derived, 'AES-GCM', false, ['decrypt'])
  const plaintext = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64Url(iv),
      additionalData: new TextEncoder().encode(protectedHeader),
      tagLength: 128,
    },
    key,
    concat(fromBase64Url(ciphertext), fromBase64Url(tag)),
  )
  return new TextDecoder().decode(plaintext)
}
