import { parseArgs } from 'node:util'
import { ConfigError } from '../../platform/config/configError'
import { createSealingKey, sealingKeyId } from '../../platform/crypto/sealingKey'
import type { Db } from '../../platform/db/createDatabase'
import { UnopenableValueError } from './resealColumn'
import { rotateSealedValues } from './rotateSealedValues'

const HEX_KEY = /^[0-9a-fA-F]{64}$/

/**
 * `satchel keys rotate --encryption | --vault-kek [--batch-size N]`: re-seals every stored secret
 * under the new key (SATCHEL_ENCRYPTION_KEY or SATCHEL_VAULT_KEK) that the previous one
 * (…_PREVIOUS) sealed, printing progress; answers the exit code. Safe to run while servers that
 * hold both keys serve, and to run again after an interruption (it picks up what is left).
 */
export async function runKeysRotate(
  db: Db,
  args: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void = console.log,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      encryption: { type: 'boolean', default: false },
      'vault-kek': { type: 'boolean', default: false },
      'batch-size': { type: 'string', default: '200' },
    },
  })
  if (values.encryption === values['vault-kek'])
    throw new ConfigError('keys rotate: give one of --encryption or --vault-kek')
  const variable = values.encryption ? 'SATCHEL_ENCRYPTION_KEY' : 'SATCHEL_VAULT_KEK'
  const batchSize = Number(values['batch-size'])
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new ConfigError('--batch-size: a whole number from 1')
  const current = readKey(env, variable, 'the new key')
  const previous = readKey(env, `${variable}_PREVIOUS`, 'the key being replaced')
  if (current.equals(previous)) throw new ConfigError(`${variable}_PREVIOUS: must differ from ${variable}`)
  const key = createSealingKey(current, [previous])
  const id = (k: Uint8Array) => sealingKeyId(k).toString('hex')
  print(
    `Re-sealing under ${variable} (key id ${id(current)}), from ${variable}_PREVIOUS (key id ${id(previous)})`,
  )
  try {
    const { resealed, stragglers } = await rotateSealedValues(db, {
      which: values.encryption ? 'encryption' : 'vault-kek',
      key,
      batchSize,
      onBatch: ({ label, done, total }) => print(`  ${label}: ${done}/${total}`),
    })
    for (const [label, count] of Object.entries(resealed)) print(`${label}: ${count} re-sealed`)
    if (stragglers > 0) {
      print(
        `${stragglers} value(s) were written under the previous key during the rotation and are now re-sealed: give every server ${variable} = the new key, then run this again until it finds none.`,
      )
      return 2
    }
    print(`Done: every stored value opens with ${variable}. ${variable}_PREVIOUS can now be removed.`)
    return 0
  } catch (error) {
    if (!(error instanceof UnopenableValueError)) throw error
    throw new ConfigError(
      `${variable}_PREVIOUS (key id ${id(previous)}) is not the key that sealed the stored values: ${error.message}. Nothing was re-sealed from this value on; check the key and run again.`,
    )
  } finally {
    current.fill(0)
    previous.fill(0)
    key.fill(0)
    for (const k of key.previous ?? []) k.fill(0)
  }
}

function readKey(env: Record<string, string | undefined>, variable: string, what: string): Buffer {
  const value = env[variable]?.trim()
  if (!value || !HEX_KEY.test(value))
    throw new ConfigError(`${variable}: required for a rotation, ${what} (64 hex characters)`)
  return Buffer.from(value, 'hex')
}
