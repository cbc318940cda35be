import { snakeize } from './snakeize'

/**
 * A method's camelCase parameters as the API's query string: snake_case names, dates as ISO-8601,
 * absent ones left out.
 *
 * @example
 * toQuery({ walletAddress: '0xabc', createdAfter: new Date(0), limit: undefined })
 * // 'wallet_address=0xabc&created_after=1970-01-01T00%3A00%3A00.000Z'
 */
export function toQuery(parameters: object): string {
  const entries = Object.entries(snakeize(parameters)).map(([name, value]): [string, string] => [
    name,
    value instanceof Date ? value.toISOString() : String(value),
  ])
  return new URLSearchParams(entries).toString()
}
