import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createSealingKey, type SealingKey } from '../crypto/sealingKey'
import { ConfigError } from './configError'
import type { Config } from './loadConfig'

/**
 * The API's encryption key: from SATCHEL_ENCRYPTION_KEY, or (development) a key file in the data
 * folder; with SATCHEL_ENCRYPTION_KEY_PREVIOUS during a rotation, a ring that still opens its values.
 */
export async function resolveEncryptionKey(config: Config): Promise<SealingKey> {
  const current =
    config.encryptionKey ?? (await loadOrCreateDevKey(config, 'encryption.key', 'SATCHEL_ENCRYPTION_KEY'))
  return createSealingKey(current, config.previousEncryptionKey ? [config.previousEncryptionKey] : [])
}

/** The in-process vault's key-encryption key: from SATCHEL_VAULT_KEK, or (development) its own key file. */
export async function resolveVaultKek(config: Config): Promise<SealingKey> {
  const local = config.vault.mode === 'local' ? config.vault : undefined
  const current =
    local?.keyEncryptionKey ?? (await loadOrCreateDevKey(config, 'vault.kek', 'SATCHEL_VAULT_KEK'))
  return createSealingKey(current, local?.previousKeyEncryptionKey ? [local.previousKeyEncryptionKey] : [])
}

/**
 * Development convenience: a random key kept in the data folder, readable by the owner only, made on
 * first start and reused after. Never in production, where a key must come from its variable (loadConfig
 * refuses to start without them; this is the second lock on the same door).
 */
async function loadOrCreateDevKey(
  config: Pick<Config, 'dataDir' | 'env'>,
  name: string,
  variable: string,
): Promise<Uint8Array> {
  if (config.env === 'production') throw new ConfigError(`${variable}: required in production`)
  const path = join(config.dataDir, name)
  await mkdir(config.dataDir, { recursive: true })
  // 'wx' fails when the file exists, so two processes starting together keep the first one's key.
  await writeFile(path, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch(() => {})
  const hex = (await readFile(path, 'utf8')).trim()
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${path} is not a 64-hex-character key`)
  return Buffer.from(hex, 'hex')
}
