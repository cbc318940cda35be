import { createHash, timingSafeEqual } from 'node:crypto'
import { combine, split } from 'shamir-secret-sharing'
import { open, seal } from '../platform/crypto/seal'
import { VaultError } from './VaultError'

/** BIP-39 entropy of a root: 128 bits, a 12-word phrase. */
export const ROOT_ENTROPY_BYTES = 16
const CHECK_BYTES = 16

/**
 * Splits a root's entropy 2-of-2. The shared secret is `entropy || check`, where the check is a
 * hash of the root id and the entropy: Shamir alone would "combine" an auth share of another root
 * (or a corrupted one) into different, valid-looking entropy and the vault would sign with a key
 * nobody owns. The check travels inside the split secret, so either share alone still reveals
 * nothing about the entropy.
 * The vault share is sealed under the key-encryption key with the root id as associated data.
 *
 * @example
 * const { sealedVaultShare, authShare } = await splitRootEntropy(kek, 'root_1', entropy)
 */
export async function splitRootEntropy(
  keyEncryptionKey: Uint8Array,
  rootId: string,
  entropy: Uint8Array,
): Promise<{ sealedVaultShare: Uint8Array; authShare: Uint8Array }> {
  const secret = new Uint8Array(ROOT_ENTROPY_BYTES + CHECK_BYTES)
  secret.set(entropy)
  secret.set(computeCheck(rootId, entropy), ROOT_ENTROPY_BYTES)
  const [vaultShare, authShare] = await split(secret, 2, 2)
  secret.fill(0)
  if (!vaultShare || !authShare) throw new VaultError('internal_error')
  const sealedVaultShare = seal(keyEncryptionKey, vaultShare, rootId)
  vaultShare.fill(0)
  return { sealedVaultShare, authShare }
}

/**
 * Opens the vault share and combines it with the auth share into the root's entropy (16 bytes,
 * owned by the caller, who zeroes it). Every failure is the same clean `invalid_key_shares`
 * error: a wrong key-encryption key, a wrong root id, a tampered blob or a foreign auth share.
 *
 * @example
 * const entropy = await openRootEntropy(kek, { rootId, sealedVaultShare, authShare })
 */
export async function openRootEntropy(
  keyEncryptionKey: Uint8Array,
  shares: { rootId: string; sealedVaultShare: Uint8Array; authShare: Uint8Array },
): Promise<Uint8Array> {
  let opened: Uint8Array
  try {
    opened = open(keyEncryptionKey, shares.sealedVaultShare, shares.rootId)
  } catch {
    // No cause attached: it adds nothing for the caller and is one less place for bytes to travel.
    throw new VaultError('invalid_key_shares')
  }
  // shamir-secret-sharing accepts plain Uint8Arrays only (a Buffer, as node:crypto and pg return, fails).
  const vaultShare = new Uint8Array(opened)
  opened.fill(0)
  const authShare = new Uint8Array(shares.authShare)
  let secret: Uint8Array | undefined
  try {
    if (vaultShare.length !== authShare.length) throw new Error('length')
    secret = await combine([vaultShare, authShare])
    const entropy = secret.slice(0, ROOT_ENTROPY_BYTES)
    const check = secret.subarray(ROOT_ENTROPY_BYTES)
    const expected = computeCheck(shares.rootId, entropy)
    if (check.length !== CHECK_BYTES || !timingSafeEqual(check, expected)) {
      entropy.fill(0)
      throw new Error('check')
    }
    return entropy
  } catch {
    throw new VaultError('invalid_key_shares', { message: 'The key shares do not belong together' })
  } finally {
    vaultShare.fill(0)
    authShare.fill(0)
    secret?.fill(0)
  }
}

function computeCheck(rootId: string, entropy: Uint8Array): Buffer {
  const id = Buffer.from(rootId, 'utf8')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(id.length)
  return createHash('sha256')
    .update('satchel-vault-root-check-v1')
    .update(length)
    .update(id)
    .update(entropy)
    .digest()
    .subarray(0, CHECK_BYTES)
}
