/**
 * The `wallet_id` route param before validation (guards run first): a string of at most 100
 * characters, or '' (which no wallet has).
 *
 * @example
 * readWalletId(request.params) // 'wallet_abc'
 */
export function readWalletId(params: unknown): string {
  const id =
    typeof params === 'object' && params !== null && 'wallet_id' in params ? params.wallet_id : undefined
  return typeof id === 'string' && id.length <= 100 ? id : ''
}
