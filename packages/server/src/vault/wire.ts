// The vault server's JSON encoding. JSON has no bytes and no bigints, and the vault's inputs have
// both (shares, messages, typed-data values), so they travel as one-key tagged objects:
// {"$bytes": "<base64>"} and {"$bigint": "<decimal>"}. Object keys that start with `$` in the data
// itself are escaped with one more `$`, so a caller's own `{"$bytes": ...}` cannot pass for a tag.

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const DECIMAL = /^-?\d+$/

/**
 * Encodes a value (with Uint8Array and bigint anywhere inside) as JSON text.
 *
 * @example
 * encodeWire({ message: new Uint8Array([1]) }) // '{"message":{"$bytes":"AQ=="}}'
 */
export function encodeWire(value: unknown): string {
  return JSON.stringify(toWire(value))
}

/**
 * Decodes {@link encodeWire}'s JSON text; throws on malformed JSON or an unknown `$` tag.
 *
 * @example
 * decodeWire('{"value":{"$bigint":"1"}}') // { value: 1n }
 */
export function decodeWire(text: string): unknown {
  return fromWire(JSON.parse(text))
}

function toWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') }
  if (typeof value === 'bigint') return { $bigint: value.toString() }
  if (Array.isArray(value)) return value.map(toWire)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .map(([key, entry]) => [key.startsWith('$') ? `$${key}` : key, toWire(entry)]),
    )
  }
  return value
}

function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire)
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value)
  const [first] = entries
  if (entries.length === 1 && first) {
    const [key, tagged] = first
    if (key === '$bytes') {
      if (typeof tagged !== 'string' || !BASE64.test(tagged)) throw new Error('Malformed $bytes value')
      return new Uint8Array(Buffer.from(tagged, 'base64'))
    }
    if (key === '$bigint') {
      if (typeof tagged !== 'string' || !DECIMAL.test(tagged)) throw new Error('Malformed $bigint value')
      return BigInt(tagged)
    }
  }
  // Object.fromEntries defines own properties, so a "__proto__" key stays data, never a prototype.
  return Object.fromEntries(
    entries.map(([key, entry]) => {
      if (key.startsWith('$$')) return [key.slice(1), fromWire(entry)]
      if (key.startsWith('$')) throw new Error('Unknown wire tag')
      return [key, fromWire(entry)]
    }),
  )
}
