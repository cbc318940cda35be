/** Longest string kept in an audit entry, in UTF-16 code units; longer ones are cut. */
export const AUDIT_MAX_STRING_LENGTH = 256

// A surrogate half without its partner: JSON.stringify writes it as a `\udXXX` escape, which
// PostgreSQL's jsonb refuses, as it refuses `\u0000` (and a text column refuses a NUL byte).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A string as it may be stored in the audit log: NUL characters and unpaired surrogates become
 * U+FFFD (the stored row still shows that something was there), and it is cut to
 * {@link AUDIT_MAX_STRING_LENGTH}.
 *
 * @example
 * sanitizeAuditText('eip155:1\u0000') // 'eip155:1\uFFFD'
 */
export function sanitizeAuditText(text: string): string {
  const cut = text.length > AUDIT_MAX_STRING_LENGTH ? `${text.slice(0, AUDIT_MAX_STRING_LENGTH)}…` : text
  // After the cut, which may split a surrogate pair.
  return cut.replaceAll('\u0000', '\uFFFD').replace(UNPAIRED_SURROGATE, '\uFFFD')
}
