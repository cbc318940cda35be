export class AmountError extends Error {
  override name = 'AmountError'
}

/**
 * A decimal amount typed by a person, in the asset's smallest unit: `'1.5'` USDC (6 decimals) is
 * 1500000n. A leading dot is read as `0.` (as the onramp does); a comma is not a decimal point here.
 *
 * @throws {AmountError} with the words to show: not a number, too many decimals, not above zero.
 * @example
 * parseAmount('0.25', 18) // 250000000000000000n
 * parseAmount('.5', 6) // 500000n
 */
export function parseAmount(input: string, decimals: number): bigint {
  const text = input.trim()
  const padded = text.startsWith('.') ? `0${text}` : text
  const match = /^(\d+)(?:\.(\d*))?$/.exec(padded)
  if (!match) throw new AmountError('Enter an amount such as 1.5')
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > decimals) throw new AmountError(`This asset has ${decimals} decimal places at most`)
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  if (value === 0n) throw new AmountError('Enter an amount above zero')
  return value
}

/**
 * An amount in the smallest unit as an exact decimal (every digit, no rounding), for an input field.
 *
 * @example
 * toDecimalString(1500000n, 6) // '1.5'
 */
export function toDecimalString(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
