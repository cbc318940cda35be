/**
 * A request body written in camelCase as the API reads it: snake_case keys at every depth, and no
 * key left out (`undefined`) sent.
 *
 * @example
 * snakeize({ loginMethods: ['email'], allowlist: { walletAddresses: [] } })
 * // { login_methods: ['email'], allowlist: { wallet_addresses: [] } }
 */
export function snakeize(value: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), convert(item)]),
  )
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert)
  return typeof value === 'object' && value !== null ? snakeize(value) : value
}
