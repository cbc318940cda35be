/**
 * True for a plain JSON object (not null, not an array): the first check on anything read off the wire.
 *
 * @example
 * isRecord(JSON.parse('{"topic":"ab"}')) // true
 * isRecord(JSON.parse('[1]')) // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
