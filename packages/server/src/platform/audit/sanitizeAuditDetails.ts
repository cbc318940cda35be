import { sanitizeAuditText } from './sanitizeAuditText'

/** Deepest nesting kept in an entry's details; deeper values are replaced by a marker. */
export const AUDIT_MAX_DEPTH = 4
/** Most keys of one object, or items of one array, kept in an entry's details. */
export const AUDIT_MAX_MEMBERS = 32

/**
 * Details of an audit entry as they may be stored, whatever a request put in them: every value
 * becomes something PostgreSQL's jsonb accepts (strings through {@link sanitizeAuditText}, bigints
 * as decimal strings, non-finite numbers as null, dates as ISO strings, functions and symbols
 * dropped), bounded in depth and width. One user's hostile input (a NUL in a chain id, a lone
 * surrogate, a huge nested object) must never make the insert of another user's row fail.
 *
 * @example
 * sanitizeAuditDetails({ caip2: 'eip155:1\u0000', amount: 10n }) // { caip2: 'eip155:1\uFFFD', amount: '10' }
 */
export function sanitizeAuditDetails(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const value = sanitizeValue(details, 0)
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

function sanitizeValue(value: unknown, depth: number): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
      return sanitizeAuditText(value)
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'boolean':
      return value
    case 'bigint':
      return value.toString()
    case 'object':
      break
    default:
      // undefined, functions and symbols have no JSON form (JSON.stringify drops them too).
      return undefined
  }
  if (value === null) return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (depth >= AUDIT_MAX_DEPTH) return '[too deep]'
  if (Array.isArray(value)) {
    return value.slice(0, AUDIT_MAX_MEMBERS).map((item) => sanitizeValue(item, depth + 1) ?? null)
  }
  if (value instanceof Uint8Array) return `[${value.length} bytes]`
  const out: { [key: string]: JsonValue } = {}
  let kept = 0
  for (const [key, item] of Object.entries(value)) {
    if (kept >= AUDIT_MAX_MEMBERS) break
    const sanitized = sanitizeValue(item, depth + 1)
    if (sanitized === undefined) continue
    out[sanitizeAuditText(key)] = sanitized
    kept += 1
  }
  return out
}
