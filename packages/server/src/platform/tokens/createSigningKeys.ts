import { createPrivateKey, type KeyObject } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { open, seal } from '../crypto/seal'
import { createId } from '../crypto/tokens'
import type { Db } from '../db/createDatabase'

type KeyRow = { kid: string; sealed_private_jwk: Buffer; public_jwk: JWK; retired_at: Date | null }
/** The active key; a `node:crypto` key object, so minting signs synchronously (no WebCrypto job). */
type SigningKey = { kid: string; privateKey: KeyObject }
export type PublicJwk = JWK & { kid: string; alg: 'ES256'; use: 'sig' }

const CACHE_MS = 30_000

export type CreateSigningKeysParameters = {
  db: Db
  encryptionKey: Uint8Array
  /** How long a retired key stays published: the lifetime of the last token it signed. */
  tokenTtlSeconds: number
  now?: () => number
}

/**
 * Each app's ES256 token-signing keys. A key is made on first use and stored with its private half
 * sealed under the server's encryption key (aad = kid). Rotation retires the active key but keeps
 * publishing it until every token it signed has expired.
 */
export function createSigningKeys({
  db,
  encryptionKey,
  tokenTtlSeconds,
  now = Date.now,
}: CreateSigningKeysParameters) {
  const active = new Map<string, { key: SigningKey; at: number }>()
  const published = new Map<string, { keys: PublicJwk[]; at: number }>()
  const loading = new Map<string, Promise<SigningKey>>()

  /** Makes the app's active key; if another instance made one first, that one is used instead. */
  async function createKey(appId: string): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const kid = createId('key')
    const privateJwk = await exportJWK(privateKey)
    const publicJwk: PublicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
    const inserted = await db.query(
      `insert into signing_keys (kid, app_id, sealed_private_jwk, public_jwk) values ($1, $2, $3, $4)
       on conflict (app_id) where retired_at is null do nothing returning kid`,
      [
        kid,
        appId,
        seal(encryptionKey, Buffer.from(JSON.stringify(privateJwk)), kid),
        JSON.stringify(publicJwk),
      ],
    )
    published.delete(appId)
    if (inserted.length === 0) {
      const existing = await readActiveKey(appId)
      if (!existing) throw new Error('no active signing key after a conflicting insert')
      return existing
    }
    return { kid, privateKey: toPrivateKey(privateJwk) }
  }

  async function readActiveKey(appId: string): Promise<SigningKey | undefined> {
    const [row] = await db.query<KeyRow>(
      'select * from signing_keys where app_id = $1 and retired_at is null',
      [appId],
    )
    if (!row) return undefined
    const jwk: JWK = JSON.parse(Buffer.from(open(encryptionKey, row.sealed_private_jwk, row.kid)).toString())
    return { kid: row.kid, privateKey: toPrivateKey(jwk) }
  }

  function toPrivateKey(jwk: JWK): KeyObject {
    const { kty, crv, x, y, d } = jwk
    if (kty !== 'EC' || crv !== 'P-256' || !x || !y || !d) throw new Error('unexpected key type')
    return createPrivateKey({ key: { kty, crv, x, y, d }, format: 'jwk' })
  }

  return {
    /** The app's active key; created on first use (first start of a new app). */
    async getActiveKey(appId: string): Promise<SigningKey> {
      const hit = active.get(appId)
      if (hit && now() - hit.at < CACHE_MS) return hit.key
      // One lookup in flight per app, so concurrent first requests do not each make a key.
      let pending = loading.get(appId)
      if (!pending) {
        pending = (async () => (await readActiveKey(appId)) ?? (await createKey(appId)))().finally(() =>
          loading.delete(appId),
        )
        loading.set(appId, pending)
      }
      const key = await pending
      active.set(appId, { key, at: now() })
      return key
    },

    /** Public keys that verify the app's tokens (the JWKS), including retired ones still in use. */
    async getPublicKeys(appId: string, { fresh = false } = {}): Promise<PublicJwk[]> {
      const hit = published.get(appId)
      if (!fresh && hit && now() - hit.at < CACHE_MS) return hit.keys
      const rows = await db.query<KeyRow>(
        'select * from signing_keys where app_id = $1 and (publish_until is null or publish_until > $2) order by created_at desc',
        [appId, new Date(now())],
      )
      const keys = rows.map((r) => r.public_jwk as PublicJwk)
      published.set(appId, { keys, at: now() })
      return keys
    },

    /** Retires the active key (published until its tokens expire) and makes a new one. */
    async rotate(appId: string): Promise<string> {
      await db.query(
        `update signing_keys set retired_at = $2, publish_until = $3 where app_id = $1 and retired_at is null`,
        [appId, new Date(now()), new Date(now() + tokenTtlSeconds * 1000)],
      )
      const key = await createKey(appId)
      active.set(appId, { key, at: now() })
      return key.kid
    },
  }
}

export type SigningKeys = ReturnType<typeof createSigningKeys>
