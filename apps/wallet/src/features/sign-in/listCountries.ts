import { parsePhone } from '@satchel/core'

// Countries offered in the picker (ISO 3166-1 alpha-2). Names come from the browser (Intl), calling
// codes from core's phone metadata, so neither is hand-kept here.
const codes = [
  'AE',
  'AR',
  'AT',
  'AU',
  'BD',
  'BE',
  'BG',
  'BR',
  'CA',
  'CH',
  'CL',
  'CN',
  'CO',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GH',
  'GR',
  'HK',
  'HR',
  'HU',
  'ID',
  'IE',
  'IL',
  'IN',
  'IS',
  'IT',
  'JP',
  'KE',
  'KR',
  'LT',
  'LU',
  'LV',
  'MA',
  'MX',
  'MY',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PE',
  'PH',
  'PK',
  'PL',
  'PT',
  'RO',
  'RS',
  'SA',
  'SE',
  'SG',
  'SI',
  'SK',
  'TH',
  'TR',
  'TW',
  'UA',
  'US',
  'UY',
  'VN',
  'ZA',
] as const

export type CountryCode = (typeof codes)[number]

export type Country = { code: CountryCode; name: string; callingCode: string }

/**
 * The picker's countries, sorted by their name in `locale`, each with its calling code.
 *
 * @example
 * listCountries('en').find((country) => country.code === 'GB') // { code: 'GB', name: 'United Kingdom', callingCode: '44' }
 */
export function listCountries(locale = 'en'): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  return codes
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      callingCode: parsePhone('', { defaultCountry: code }).callingCode,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

/** Whether a value is one of the picker's countries. */
export function isCountryCode(value: string): value is CountryCode {
  return (codes as readonly string[]).includes(value)
}
