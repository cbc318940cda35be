/** The public half of a delegated signer's P-256 key, as a JWK: what the user's wallet is delegated to. */
export type SignerPublicKey = { kty: 'EC'; crv: 'P-256'; x: string; y: string }

/** The whole key, as a JWK (`d` is the secret): keep it in the backend's secret store. */
export type SignerPrivateKey = SignerPublicKey & { d: string }

export type CreateSignerKeyReturnType = { publicKey: SignerPublicKey; privateKey: SignerPrivateKey }

/**
 * A new P-256 key pair for an app backend that signs with its users' wallets as a delegated signer.
 * The user adds `publicKey` to a wallet's signers from the app (a change signed with their own session
 * key); the backend then signs wallet requests with `privateKey` ({@link sendWalletRpc}). Made with
 * Web Crypto, so it works wherever this package does.
 *
 * @example
 * const { publicKey, privateKey } = await createSignerKey()
 * // store JSON.stringify(privateKey) as a secret; show publicKey to the app's front end
 */
export async function createSignerKey(): Promise<CreateSignerKeyReturnType> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey)
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('Web Crypto made a P-256 key without coordinates')
  const publicKey: SignerPublicKey = { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }
  return { publicKey, privateKey: { ...publicKey, d: jwk.d } }
}
