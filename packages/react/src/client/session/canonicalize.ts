/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code units, no whitespace,
 * numbers and strings as ECMAScript's JSON serialises them. Both sides hash these exact bytes, so a
 * signature survives any re-encoding of the JSON on the way.
 *
 * @throws {TypeError} for values JSON cannot hold (a bigint, a function, a non-finite number).
 * @example
 * canonicalize({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalize(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Cannot canonicalize a non-finite number')
    return JSON.stringify(value)
  }
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalize(item === undefined ? null : item)).join(',')}]`
  if (typeof value === 'object') {
    // toJSON first, as JSON.stringify does (a Date becomes its ISO string).
    const toJSON: unknown = Reflect.get(value, 'toJSON')
    if (typeof toJSON === 'function') return canonicalize(Reflect.apply(toJSON, value, []))
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalize(item)}`).join(',')}}`
  }
  throw new TypeError(`Cannot canonicalize a value of type ${typeof value}`)
}
