/**
 * An API name in camelCase, the one conversion of names between the API (snake_case) and code.
 *
 * @example
 * toCamelCase('last_used_at') // 'lastUsedAt'
 */
export function toCamelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}
