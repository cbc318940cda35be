import { WEI_DISPLAY_DECIMALS } from '../constants'
import { BaseError } from '../errors/BaseError'

export type FormatWeiParameters = {
  /** Decimal places shown. Defaults to 3. */
  decimals?: number | undefined
  /** Decimals of the unit: 18 for ether and most tokens, 6 for USDC. Defaults to 18. */
  unitDecimals?: number | undefined
}

/**
 * Formats an amount in the smallest unit (wei) for display: rounded half up to `decimals` places,
 * trailing zeros dropped, and an amount too small to show as `<0.001` rather than a misleading `0`.
 * Negative amounts keep their sign (`-1.5`, `-<0.001`).
 *
 * @example
 * formatWei(1_500_000_000_000_000_000n) // '1.5'
 * formatWei('0x38d7ea4c68000') // '0.001'
 * formatWei(1234567n, { unitDecimals: 6, decimals: 2 }) // '1.23'
 */
export function formatWei(
  value: bigint | string | number,
  { decimals = WEI_DISPLAY_DECIMALS, unitDecimals = 18 }: FormatWeiParameters = {},
): string {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new BaseError('decimals must be a non-negative integer')
  }
  if (!Number.isSafeInteger(unitDecimals) || unitDecimals < 0) {
    throw new BaseError('unitDecimals must be a non-negative integer')
  }
  const amount = toBigInt(value)
  if (amount === 0n) return '0'
  const sign = amount < 0n ? '-' : ''
  const magnitude = amount < 0n ? -amount : amount

  // Work in units of the last shown place, rounding half up (away from zero for negative amounts).
  const shown = Math.min(decimals, unitDecimals)
  const step = 10n ** BigInt(unitDecimals - shown)
  if (magnitude < step) return `${sign}<${shown === 0 ? '1' : `0.${'1'.padStart(shown, '0')}`}`
  const steps = magnitude / step + (2n * (magnitude % step) >= step ? 1n : 0n)

  const digits = steps.toString().padStart(shown + 1, '0')
  const integer = digits.slice(0, digits.length - shown)
  const fraction = digits.slice(digits.length - shown).replace(/0+$/, '')
  return `${sign}${integer}${fraction ? `.${fraction}` : ''}`
}

function toBigInt(value: bigint | string | number): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^-?(?:[0-9]+|0x[0-9a-fA-F]+)$/.test(value)) {
    // BigInt() reads '0x…' but not '-0x…'.
    return value.startsWith('-') ? -BigInt(value.slice(1)) : BigInt(value)
  }
  throw new BaseError(
    'value must be an integer amount of wei (a bigint, a safe integer or a decimal or 0x string)',
  )
}
