/**
 * How deep a request's JSON may nest. The deepest legitimate input (EIP-712 typed data with nested
 * structs, inside `{params: {typed_data: {message: ...}}}`) is far shallower; anything deeper is an
 * attack on the recursive code that reads it (RFC 8785 canonicalization, zod, jsonb).
 */
export const MAX_INPUT_DEPTH = 32

export type UnsafeInput =
  | 'a NUL character'
  | 'a lone surrogate'
  | 'a number out of range'
  | 'too much nesting'

// A UTF-16 high surrogate not followed by a low one, or a low one not preceded by a high one: text
// that has no UTF-8 form, so PostgreSQL, RFC 8785 canonicalization and TextEncoder all disagree on it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * What makes a parsed request value unsafe to store or canonicalize, or `undefined` when it is safe:
 * a NUL character (PostgreSQL text and jsonb cannot hold one), a lone surrogate, a non-finite number
 * (JSON's `1e400` parses to Infinity), or nesting deeper than {@link MAX_INPUT_DEPTH}. Object keys are
 * checked like values. The walk stops at the depth limit, so a hostile body costs at most its size.
 *
 * @example
 * findUnsafeInput({ caip2: 'eip155:1\u0000' }) // 'a NUL character'
 * findUnsafeInput({ message: 'hello' })        // undefined
 */
export function findUnsafeInput(value: unknown, depth = 0): UnsafeInput | undefined {
  if (typeof value === 'string') return findUnsafeText(value)
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'a number out of range'
  if (typeof value !== 'object' || value === null) return undefined
  if (depth >= MAX_INPUT_DEPTH) return 'too much nesting'
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnsafeInput(item, depth + 1)
      if (found) return found
    }
    return undefined
  }
  for (const [key, item] of Object.entries(value)) {
    const found = findUnsafeText(key) ?? findUnsafeInput(item, depth + 1)
    if (found) return found
  }
  return undefined
}

function findUnsafeText(text: string): UnsafeInput | undefined {
  if (text.includes('\u0000')) return 'a NUL character'
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate'
  return undefined
}
