import type { WalletConnectPeer } from '@satchel/react/walletconnect-wallet'

/** Verify's answer as the wallet names it. */
export type VerifyStatus = 'verified' | 'unknown' | 'mismatch' | 'threat'

/**
 * What WalletConnect's Verify says about an app, in words a person can act on, with the domain it is
 * about: the origin Verify saw when it gave one (a fact), else the domain the app declares (a claim,
 * and the words say so). A known threat wins over everything else.
 *
 * @example
 * describeVerification({ url: 'https://app.example', origin: '', verification: 'unknown', isScam: false })
 * // { status: 'unknown', domain: 'app.example', label: 'Not verified', detail: '…' }
 */
export function describeVerification(
  app: Pick<WalletConnectPeer, 'url' | 'origin' | 'verification' | 'isScam'>,
): { status: VerifyStatus; domain: string; label: string; detail: string } {
  const seen = hostOf(app.origin)
  const claimed = hostOf(app.url)
  const domain = seen || claimed || 'No website given'
  if (app.isScam)
    return {
      status: 'threat',
      domain,
      label: 'Known threat',
      detail: 'WalletConnect Verify reports this site as malicious. Do not connect or approve anything.',
    }
  if (app.verification === 'invalid')
    return {
      status: 'mismatch',
      domain,
      label: 'Domain mismatch',
      detail: `It says it is ${claimed || 'a website it does not name'}, but it connects from ${seen || 'another site'}. It may be pretending to be another app.`,
    }
  if (app.verification === 'valid')
    return {
      status: 'verified',
      domain,
      label: 'Verified',
      detail: 'WalletConnect Verify confirmed the request comes from this domain.',
    }
  return {
    status: 'unknown',
    domain,
    label: 'Not verified',
    detail:
      'WalletConnect Verify could not confirm where this comes from: the website above is what the app says about itself.',
  }
}

function hostOf(url: string): string {
  if (!url) return ''
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}
