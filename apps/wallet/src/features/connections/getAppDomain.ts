import type { WalletConnectPeer } from '@satchel/react/walletconnect-wallet'

/**
 * The host a connected app declares (from its session's peer metadata), for the transaction scan to
 * judge that site rather than the wallet's own. Undefined when the app gave no http(s) URL: the scan is
 * then told nothing, since naming the wallet would vouch for a site it is not.
 *
 * @example
 * getAppDomain({ url: 'https://app.uniswap.org/swap', ... }) // 'app.uniswap.org'
 */
export function getAppDomain(app: Pick<WalletConnectPeer, 'url'> | undefined): string | undefined {
  if (!app?.url) return undefined
  try {
    return new URL(app.url).host || undefined
  } catch {
    return undefined
  }
}
