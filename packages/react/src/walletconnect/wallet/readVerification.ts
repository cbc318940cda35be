import { isRecord } from '../../client/parse'
import type { WalletConnectPeer } from './types'

/**
 * What WalletConnect's Verify said about where a proposal or request came from (`verifyContext` of
 * WalletKit's events): `valid` when the app's declared domain is the one it connects from, `invalid`
 * when they differ, `unknown` when Verify could not tell (offline, not registered), `isScam` when the
 * domain is a known threat, and the origin Verify saw (`''` when it gave none that parses).
 *
 * @example
 * readVerification({ verified: { origin: 'https://app.example', validation: 'VALID' } }).verification // 'valid'
 */
export function readVerification(
  verifyContext: unknown,
): Pick<WalletConnectPeer, 'verification' | 'isScam' | 'origin'> {
  const verified = isRecord(verifyContext) && isRecord(verifyContext.verified) ? verifyContext.verified : {}
  const { validation, origin } = verified
  return {
    verification: validation === 'VALID' ? 'valid' : validation === 'INVALID' ? 'invalid' : 'unknown',
    isScam: verified.isScam === true,
    origin: typeof origin === 'string' && /^https?:\/\/[^\s/]+/.test(origin) ? new URL(origin).origin : '',
  }
}
