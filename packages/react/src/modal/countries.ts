import { DEFAULT_PHONE_COUNTRY, parsePhone } from '@satchel/core'
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min'

// This module carries libphonenumber's metadata: it is imported only by the SMS screen, which the
// modal loads when the SMS tab opens.

export type CountryOption = { code: CountryCode; name: string; callingCode: string }

/**
 * Every country with its calling code, sorted by name in the user's language.
 *
 * @example
 * getCountryOptions('en')[0] // { code: 'AF', name: 'Afghanistan', callingCode: '93' }
 */
export function getCountryOptions(locale?: string): CountryOption[] {
  const names =
    typeof Intl.DisplayNames === 'function'
      ? new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' })
      : undefined
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** A supported country code, or the default (`US`). */
export function toCountryCode(value: string | undefined): CountryCode {
  const found = getCountries().find((code) => code === value)
  return found ?? DEFAULT_PHONE_COUNTRY
}

export { parsePhone }
