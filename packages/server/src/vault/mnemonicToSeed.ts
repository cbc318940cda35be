import { pbkdf2 } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

/**
 * BIP-39 seed from a mnemonic: PBKDF2-HMAC-SHA512, 2048 rounds, salt `mnemonic` + passphrase,
 * both NFKD-normalised. Node's native PBKDF2 runs on the libuv pool, several times faster than the
 * pure-JS one and without blocking the event loop while other requests are signed.
 *
 * @example
 * const seed = await mnemonicToSeed('abandon abandon ... about', 'TREZOR') // 64 bytes
 */
export async function mnemonicToSeed(mnemonic: string, passphrase = ''): Promise<Uint8Array> {
  const password = Buffer.from(mnemonic.normalize('NFKD'), 'utf8')
  const salt = Buffer.from(`mnemonic${passphrase.normalize('NFKD')}`, 'utf8')
  try {
    return new Uint8Array(await pbkdf2Async(password, salt, 2048, 64, 'sha512'))
  } finally {
    password.fill(0)
  }
}
