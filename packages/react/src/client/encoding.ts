/** Bytes as standard, padded base64 (Solana messages and transactions on the wallet RPC). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Bytes as unpadded base64url (PKCE verifiers, guest credentials, JWE parts). */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The bytes of a base64url string (padded or not). */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  )
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** `count` random bytes as base64url. */
export function randomBase64Url(count: number): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(count)))
}
