import { InvalidOnrampParameterError } from './errors'

// Digits with an optional fraction, after a leading dot has been padded. No sign, no exponent, no
// grouping: a provider would read "1,5" or "1e3" differently from the user who typed it.
const decimal = /^\d+(\.\d+)?$/

/**
 * An amount as an onramp URL carries it: a plain decimal string, a leading dot padded with 0
 * (`.5` becomes `0.5`).
 *
 * @throws {InvalidOnrampParameterError} for anything that is not a non-negative decimal (including
 * numbers that JavaScript prints in exponent form, such as 1e-7: pass those as strings).
 * @example
 * normalizeAmount('.5', 'amount') // '0.5'
 * normalizeAmount(20, 'amount') // '20'
 */
export function normalizeAmount(value: string | number, parameter: string): string {
  // Untyped callers (JSON, query strings) may pass anything; only strings and numbers are amounts.
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : ''
  const padded = text.startsWith('.') ? `0${text}` : text
  if (!decimal.test(padded)) {
    throw new InvalidOnrampParameterError(
      parameter,
      `${JSON.stringify(text)} is not a non-negative decimal number`,
    )
  }
  return padded
}
