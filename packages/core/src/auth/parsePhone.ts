import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'
import { DEFAULT_PHONE_COUNTRY } from '../constants'
import { BaseError } from '../errors/BaseError'

export type ParsePhoneParameters = {
  /** Country of a number written without `+` and a calling code. Defaults to `US`. */
  defaultCountry?: CountryCode | undefined
}

/** A phone number split into the parts the SMS login needs. */
export type ParsedPhone = {
  /** ISO 3166-1 alpha-2 country, e.g. `US`, `GB`. */
  countryCode: CountryCode
  /** Country calling code without `+`, e.g. `1`, `44`. */
  callingCode: string
  /** The digits after the calling code, e.g. `2133734253`. */
  nationalNumber: string
  /** `+` calling code and national number, e.g. `+12133734253`; empty when the input has no number. */
  e164: string
  /** The number has a length that is possible for its country (not proof that it exists). */
  isPossible: boolean
}

/**
 * Parses what a person typed into a phone field: the country and calling code (from a leading `+`,
 * or the default country, US unless told otherwise), the national number and whether the number is
 * possible for that country. Never throws on bad input: it answers `isPossible: false`.
 *
 * @example
 * parsePhone('(213) 373-4253')
 * // { countryCode: 'US', callingCode: '1', nationalNumber: '2133734253', e164: '+12133734253', isPossible: true }
 * parsePhone('07911 123456', { defaultCountry: 'GB' }).e164 // '+447911123456'
 */
export function parsePhone(
  input: string,
  { defaultCountry = DEFAULT_PHONE_COUNTRY }: ParsePhoneParameters = {},
): ParsedPhone {
  // Checked at run time too: with an unknown country libphonenumber-js quietly parses nothing.
  if (!isSupportedCountry(defaultCountry)) throw new BaseError(`Unknown default country: ${defaultCountry}`)
  const phone = typeof input === 'string' ? parsePhoneNumberFromString(input, { defaultCountry }) : undefined

  if (phone === undefined) {
    return {
      countryCode: defaultCountry,
      callingCode: getCountryCallingCode(defaultCountry),
      nationalNumber: typeof input === 'string' ? input.replace(/\D/g, '') : '',
      e164: '',
      isPossible: false,
    }
  }

  const callingCode = phone.countryCallingCode
  // A number can belong to no single country: a calling code shared by several (+1, +44) with a
  // number valid in none of them, or a non-geographic code (+800). Prefer the default country when it
  // shares the calling code, then the calling code's main country, then the default.
  const countryCode =
    phone.country ??
    (getCountryCallingCode(defaultCountry) === callingCode
      ? defaultCountry
      : phone.getPossibleCountries()[0]) ??
    defaultCountry

  return {
    countryCode,
    callingCode,
    nationalNumber: phone.nationalNumber,
    e164: phone.number,
    isPossible: phone.isPossible(),
  }
}
