/** Headroom over the estimated fee: the price can move before the transaction is mined (Max uses it too). */
export const FEE_HEADROOM = 2n

/** A plain transfer's gas, and an ERC-20 transfer's (the estimate when the scan gives no fee). */
export const TRANSFER_GAS = 21_000n
export const TOKEN_TRANSFER_GAS = 65_000n

/**
 * How much of the native coin is missing to pay for a transaction: the estimated fee (with headroom)
 * plus the native value sent, less the balance; 0n when the balance covers it.
 *
 * @example
 * missingForFee({ nativeBalance: 0n, fee: 100_000_000_000_000n, value: 0n }) // 200_000_000_000_000n (0.0002 ETH)
 */
export function missingForFee({
  nativeBalance,
  fee,
  value,
}: {
  nativeBalance: bigint
  fee: bigint
  value: bigint
}): bigint {
  const needed = fee * FEE_HEADROOM + value
  return needed > nativeBalance ? needed - nativeBalance : 0n
}

/**
 * A small amount of the native coin to buy for fees, as a decimal string: what is missing, with room
 * for a few more transactions, rounded up to a round figure (at least 0.001).
 *
 * @example
 * feeTopUpAmount(200_000_000_000_000n) // '0.001'
 */
export function feeTopUpAmount(missing: bigint): string {
  const wanted = missing * 5n
  for (const step of ['0.001', '0.005', '0.01', '0.05', '0.1', '0.5', '1'])
    if (BigInt(Math.round(Number(step) * 1e6)) * 10n ** 12n >= wanted) return step
  // More than 1 of the coin for fees: ask for what is missing, in whole units rounded up.
  return ((wanted + 10n ** 18n - 1n) / 10n ** 18n).toString()
}

/**
 * An amount of the native coin (in wei) as people read an estimate: rounded up to two significant
 * digits, so "about" never promises less than is needed.
 *
 * @example
 * formatAboutEth(171_234_000_000_000n) // '0.00018'
 */
export function formatAboutEth(wei: bigint): string {
  if (wei <= 0n) return '0'
  const digits = wei.toString().length
  const step = digits > 2 ? 10n ** BigInt(digits - 2) : 1n
  const rounded = ((wei + step - 1n) / step) * step
  const whole = rounded / 10n ** 18n
  const fraction = (rounded % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}
