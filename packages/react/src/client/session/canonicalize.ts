import reference from 'canonicalize'

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code units, no whitespace,
 * numbers and strings as ECMAScript's JSON serialises them. Both sides hash these exact bytes, so a
 * signature survives any re-encoding of the JSON on the way. This is the `canonicalize` package the
 * server verifies with (so the two cannot drift), checked against the shared vectors in
 * packages/core/test-vectors/canonical-json.json.
 *
 * @throws {Error} for values JSON cannot hold (a bigint, a non-finite number, a lone surrogate, a cycle).
 * @example
 * canonicalize({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalize(value: unknown): string {
  const json = reference(value)
  if (json === undefined) throw new TypeError(`Cannot canonicalize a value of type ${typeof value}`)
  return json
}
