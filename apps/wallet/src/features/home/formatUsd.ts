const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * A USD value as people read it: `$1,234.50`, and `<$0.01` for dust rather than a misleading `$0.00`.
 *
 * @example
 * formatUsd(25) // '$25.00'
 */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '<$0.01'
  return usd.format(value)
}
