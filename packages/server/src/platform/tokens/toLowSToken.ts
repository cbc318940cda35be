// The order of P-256's base point: an ECDSA signature (r, s) and (r, n - s) verify alike.
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n
const HALF_ORDER = P256_ORDER >> 1n

/**
 * An ES256 compact JWS with its signature in low-S form (s <= n/2), the one form Satchel mints and
 * accepts. ECDSA is malleable: from any token anyone can make a second, different string with the
 * same claims by replacing s with n - s. WebCrypto (and so jose) signs with either half and accepts
 * both, so without one canonical form a token could be reissued as a new string that slips past any
 * check keyed on the token's text (a cache, a revocation or replay list). A token whose signature is
 * not 64 bytes is returned unchanged (verification refuses it anyway).
 *
 * @example
 * const token = toLowSToken(await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(key))
 * if (toLowSToken(presented) !== presented) throw new ApiError('missing_or_invalid_token')
 */
export function toLowSToken(token: string): string {
  const dot = token.lastIndexOf('.')
  if (dot < 0) return token
  const signature = Buffer.from(token.slice(dot + 1), 'base64url')
  if (signature.length !== 64) return token
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`)
  if (s <= HALF_ORDER) return token
  const low = Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex')
  return `${token.slice(0, dot + 1)}${Buffer.concat([signature.subarray(0, 32), low]).toString('base64url')}`
}
