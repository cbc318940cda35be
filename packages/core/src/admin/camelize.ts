import { toCamelCase } from './toCamelCase'
/** A `snake_case` name in `camelCase`, as a type. */
export type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name

/** An API answer as the package answers it: every key camelCased, at every depth. */
export type Camelized<Value> =
  Value extends ReadonlyArray<infer Item>
    ? Camelized<Item>[]
    : Value extends Record<string, unknown>
      ? { [Key in keyof Value as Key extends string ? CamelCase<Key> : Key]: Camelized<Value[Key]> }
      : Value

/**
 * An answer the API gave in snake_case (already checked by its schema), camelCased in one place, so
 * every admin method converts the same way. Under a key named in `keep` the value is left as it is:
 * keys there are data (a login method such as `custom_jwt`, an audit entry's details).
 *
 * @example
 * camelize({ created_at: 'x', sign_ups: { custom_jwt: 1 } }, ['sign_ups'])
 * // { createdAt: 'x', signUps: { custom_jwt: 1 } }
 */
export function camelize<Value>(value: Value, keep: readonly string[] = []): Camelized<Value> {
  // The one cast: what runs below is exactly what the type above describes.
  return convert(value, keep) as Camelized<Value>
}

function convert(value: unknown, keep: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, keep))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      toCamelCase(key),
      keep.includes(key) ? item : convert(item, keep),
    ]),
  )
}
