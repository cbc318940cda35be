import { mapAppSecretFields } from './mapAppSecretFields'

/**
 * True when any secret setting (see `APP_SECRET_FIELDS`) is a plaintext string: settings given by an
 * operator before they are stored, or a row written by a server from before sealing.
 *
 * @example
 * hasPlaintextAppSecrets({ telegram: { botToken: '123:abc' } }) // true
 * hasPlaintextAppSecrets({ telegram: { botToken: { sealed: 'AQ...' } } }) // false
 */
export function hasPlaintextAppSecrets(settings: unknown): boolean {
  let plaintext = false
  // The app id only goes into associated data, which this check does not use.
  mapAppSecretFields('', settings, (field) => {
    plaintext ||= typeof field.value === 'string'
    return field.value
  })
  return plaintext
}
