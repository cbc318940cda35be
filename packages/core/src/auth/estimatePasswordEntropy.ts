/** How hard a password is to guess, from its entropy in bits. */
export type PasswordStrength = 'very weak' | 'weak' | 'fair' | 'strong' | 'very strong'

export type PasswordEntropy = {
  /** length × log2(pool); 0 for an empty password. */
  bits: number
  /** How many characters the password's character classes allow (0 to 95). */
  pool: number
  strength: PasswordStrength
}

// The spec's pool sizes. Anything that is not an ASCII letter or digit counts as a symbol.
const classes = [
  { pattern: /[a-z]/, size: 26 },
  { pattern: /[A-Z]/, size: 26 },
  { pattern: /[0-9]/, size: 10 },
  { pattern: /[^a-zA-Z0-9]/u, size: 33 },
] as const

// Lower bounds in bits, strongest first.
const thresholds: readonly (readonly [number, PasswordStrength])[] = [
  [128, 'very strong'],
  [60, 'strong'],
  [36, 'fair'],
  [28, 'weak'],
]

/**
 * Estimates a password's entropy the way the spec does: the pool adds 26 for lowercase letters,
 * 26 for uppercase, 10 for digits and 33 for symbols present, and bits = length × log2(pool).
 * Strength: very weak under 28 bits, weak under 36, fair under 60, strong under 128, then very strong.
 *
 * @example
 * estimatePasswordEntropy('abc') // { bits: 14.10..., pool: 26, strength: 'very weak' }
 */
export function estimatePasswordEntropy(password: string): PasswordEntropy {
  // Length in code points: an emoji is one character to the person typing it.
  const length = Array.from(password).length
  const pool = classes.reduce((sum, { pattern, size }) => (pattern.test(password) ? sum + size : sum), 0)
  const bits = length === 0 ? 0 : length * Math.log2(pool)
  const strength = thresholds.find(([minimum]) => bits >= minimum)?.[1] ?? 'very weak'
  return { bits, pool, strength }
}
