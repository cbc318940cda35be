import { runExclusive } from '../tokens/runExclusive'
import type { SessionKeyStore } from './sessionKeyStore'

/** The public half of the session key as the API takes it (`session_public_key`). */
export type SessionPublicKey = { kty: 'EC'; crv: 'P-256'; x: string; y: string }

const algorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const

/**
 * The session key pair, created on first use: ECDSA P-256 whose private half is NOT extractable, so a
 * script on the page can ask it to sign but never read it. One per app; tabs share it through the store.
 *
 * @example
 * const pair = await getOrCreateSessionKey({ store, lockName: 'satchel:app_1:session-key' })
 */
export async function getOrCreateSessionKey({
  store,
  lockName,
}: {
  store: SessionKeyStore
  lockName: string
}): Promise<CryptoKeyPair> {
  const existing = await store.load()
  if (existing) return existing
  // Two tabs logging in at once must end up with one key, or one tab's signatures would not verify.
  return runExclusive(lockName, async () => {
    const raced = await store.load()
    if (raced) return raced
    const pair = await crypto.subtle.generateKey(algorithm, false, ['sign', 'verify'])
    await store.save(pair)
    return pair
  })
}

/**
 * The public key as a JWK with only the members the API accepts.
 *
 * @example
 * await exportSessionPublicKey(pair) // { kty: 'EC', crv: 'P-256', x: '...', y: '...' }
 */
export async function exportSessionPublicKey(pair: CryptoKeyPair): Promise<SessionPublicKey> {
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y)
    throw new TypeError('The session key is not a P-256 key')
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }
}
