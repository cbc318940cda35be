import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import type { NewPasskeyCredential } from './passkeyCredentials'

/**
 * The linked account of a passkey: type `passkey`, subject = the credential id, and public details
 * for the user's account list (which browser and system it was made with, whether it syncs).
 * Never the public key or anything an attacker could use: those stay in `passkey_credentials`.
 *
 * @example
 * toPasskeyAccount(credential, request.headers['user-agent'])
 * // { type: 'passkey', subject: 'AbC...', details: { credential_id: 'AbC...', created_with_browser: 'Chrome', ... } }
 */
export function toPasskeyAccount(
  credential: Pick<NewPasskeyCredential, 'credentialId' | 'aaguid' | 'deviceType' | 'backedUp'>,
  userAgent?: string,
): LinkedAccountInput {
  const { browser, os } = describeUserAgent(userAgent ?? '')
  return {
    type: 'passkey',
    subject: credential.credentialId,
    details: {
      credential_id: credential.credentialId,
      aaguid: credential.aaguid,
      device_type: credential.deviceType === 'multiDevice' ? 'multi_device' : 'single_device',
      backed_up: credential.backedUp,
      ...(browser ? { created_with_browser: browser } : {}),
      ...(os ? { created_with_os: os } : {}),
    },
  }
}

/**
 * The browser and operating system named by a User-Agent string, coarsely (enough for a person to
 * tell "the passkey on my phone" from "the one on my laptop").
 *
 * @example
 * describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) ... Version/17.0 Safari/605.1.15')
 * // { browser: 'Safari', os: 'macOS' }
 */
export function describeUserAgent(userAgent: string): { browser?: string; os?: string } {
  const browser = [
    ['Edge', /\bEdg(?:e|A|iOS)?\//],
    ['Opera', /\bOPR\//],
    ['Firefox', /\b(?:Firefox|FxiOS)\//],
    ['Chrome', /\b(?:Chrome|CriOS)\//],
    ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
  ] as const
  const os = [
    ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
    ['Android', /\bAndroid\b/],
    ['ChromeOS', /\bCrOS\b/],
    ['Windows', /\bWindows\b/],
    ['macOS', /\bMac OS X\b/],
    ['Linux', /\bLinux\b/],
  ] as const
  const found = (table: ReadonlyArray<readonly [string, RegExp]>) =>
    table.find(([, re]) => re.test(userAgent))?.[0]
  const b = found(browser)
  const o = found(os)
  return { ...(b ? { browser: b } : {}), ...(o ? { os: o } : {}) }
}
