import { z } from 'zod'
import { seal } from '../../platform/crypto/seal'
import { mapAppSecretFields } from './mapAppSecretFields'
import type { AppSettings } from './types'

/**
 * A secret setting as stored: AES-256-GCM under the API's encryption key (see crypto/seal.ts),
 * base64. An object rather than a string, so a sealed value can never be taken for the secret itself
 * by a settings schema that forgot to open it.
 */
export const sealedAppSecretSchema = z.object({ sealed: z.base64().min(40) }).strict()

export type SealedAppSecret = z.output<typeof sealedAppSecretSchema>

/**
 * A copy of `settings` in which every secret setting given in plaintext (a string at one of the
 * paths in `APP_SECRET_FIELDS`) is sealed under `encryptionKey`, bound to the app id and the field's
 * name. Values already sealed are kept as they are, so settings read from the database and patched
 * can be sealed again safely.
 *
 * @example
 * const stored = sealAppSettings(key, 'app_1', { telegram: { botToken: '123:abc' } })
 * // { telegram: { botToken: { sealed: 'AQ...' } } }
 */
export function sealAppSettings(
  encryptionKey: Uint8Array,
  appId: string,
  settings: AppSettings,
): AppSettings {
  return mapAppSecretFields(appId, settings, (field) =>
    typeof field.value === 'string'
      ? {
          sealed: Buffer.from(
            seal(encryptionKey, Buffer.from(field.value, 'utf8'), field.associatedData),
          ).toString('base64'),
        }
      : field.value,
  )
}
