const SECRET_KEY =
  /(token|secret|password|passcode|code|otp|seed|mnemonic|phrase|private|key|signature|credential|auth)/i
const JWT = /^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*$/
const LONG_HEX = /^(0x)?[0-9a-fA-F]{60,}$/
const DIGITS_CODE = /^\d{4,8}$/
const MANY_WORDS = /^([a-z]+\s+){11,}[a-z]+$/

/**
 * Removes what could be a secret from an analytics payload: keys named like secrets, and values shaped
 * like tokens, private keys, one-time codes or seed phrases, at any depth. What is left is safe to keep.
 *
 * @example
 * scrubSecrets({ screen: 'login', code: '123456' }) // -> { screen: 'login' }
 */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (depth > 4) return undefined
  if (typeof value === 'string') return isSecretShaped(value) ? '[redacted]' : value.slice(0, 256)
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => scrubSecrets(v, depth + 1))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) continue
      out[key] = scrubSecrets(inner, depth + 1)
    }
    return out
  }
  return value
}

function isSecretShaped(value: string): boolean {
  const v = value.trim()
  return JWT.test(v) || LONG_HEX.test(v) || DIGITS_CODE.test(v) || MANY_WORDS.test(v)
}
