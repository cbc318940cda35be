// The API speaks snake_case; the SDK's TypeScript is camelCase. Keys are converted here and nowhere
// else: bodies on the way out, answers on the way in. Values the server must receive exactly as given
// (EIP-712 typed data, a transaction, a WebAuthn response) are wrapped in `verbatim()`.

const VERBATIM = Symbol('satchel.verbatim')

/** A value sent as is, its keys not converted. */
export type Verbatim<value = unknown> = { readonly [VERBATIM]: value }

/**
 * Marks a value to be sent exactly as given: `toSnakeCase` unwraps it without touching its keys.
 *
 * @example
 * toSnakeCase({ typedData: verbatim({ primaryType: 'Mail' }) }) // { typed_data: { primaryType: 'Mail' } }
 */
export function verbatim<value>(value: value): Verbatim<value> {
  return { [VERBATIM]: value }
}

function isVerbatim(value: object): value is Verbatim {
  return VERBATIM in value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** `chainType` -> `chain_type`. */
export function toSnakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** `chain_type` -> `chainType`. */
export function toCamelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

function convert(value: unknown, convertKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, convertKey))
  if (typeof value === 'object' && value !== null && isVerbatim(value)) return value[VERBATIM]
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[convertKey(key)] = convert(item, convertKey)
  return out
}

/**
 * A request body as the API wants it: every key snake_cased, deeply, except inside `verbatim()`.
 *
 * @example
 * toSnakeCase({ phoneNumber: '+14155550100' }) // { phone_number: '+14155550100' }
 */
export function toSnakeCase(value: unknown): unknown {
  return convert(value, toSnakeKey)
}

/**
 * An answer as the SDK uses it: every key camelCased, deeply.
 *
 * @example
 * toCamelCase({ is_new_user: true }) // { isNewUser: true }
 */
export function toCamelCase(value: unknown): unknown {
  return convert(value, toCamelKey)
}
