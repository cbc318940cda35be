import type { MoonpayCurrencyCode } from '@satchel/core'

/** MoonPay's currency codes Satchel knows (a record over core's type, so none can be forgotten). */
const codes: Readonly<Record<MoonpayCurrencyCode, true>> = {
  eth: true,
  usdc: true,
  eth_base: true,
  usdc_base: true,
  eth_arbitrum: true,
  usdc_arbitrum: true,
  eth_optimism: true,
  usdc_optimism: true,
  pol_polygon: true,
  usdc_polygon: true,
  avax_cchain: true,
  usdc_cchain: true,
  celo: true,
  sol: true,
  usdc_sol: true,
}

/** Every known code, for error messages. */
export const moonpayCurrencyCodes = Object.keys(codes)

/**
 * Whether a string is one of MoonPay's currency codes that Satchel routes.
 *
 * @example
 * isMoonpayCurrencyCode('usdc_base') // true
 * isMoonpayCurrencyCode('doge') // false
 */
export function isMoonpayCurrencyCode(code: string): code is MoonpayCurrencyCode {
  return Object.hasOwn(codes, code)
}
