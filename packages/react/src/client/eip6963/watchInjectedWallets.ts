import type { InjectedProvider } from '../actions/loginWithWallet'
import { isRecord } from '../parse'

/** What an EIP-6963 wallet says about itself. */
export type InjectedWalletInfo = {
  /** A UUIDv4 that names this announcement (one per page load). */
  readonly uuid: string
  readonly name: string
  /** A `data:image/...` URI (anything else is dropped: a remote URL would let the wallet track the page). */
  readonly icon: string
  /** Reverse DNS of the wallet, e.g. `io.metamask`. */
  readonly rdns: string
}

/** A browser wallet found through EIP-6963, with its EIP-1193 provider. */
export type InjectedWallet = {
  readonly info: InjectedWalletInfo
  readonly provider: InjectedProvider
}

export type WatchInjectedWalletsParameters = {
  /** Called with every wallet found so far, each time a new one announces itself. */
  onChange: (wallets: readonly InjectedWallet[]) => void
  /** The window to listen on. Default: the page's (none outside a browser: nothing is found). */
  target?: EventTarget | undefined
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0

// Announcements come from any script on the page: each field is checked before it is shown.
function toInjectedWallet(detail: unknown): InjectedWallet | undefined {
  if (!isRecord(detail) || !isRecord(detail.info)) return undefined
  const { info, provider } = detail
  if (!text(info.uuid) || !text(info.name) || !text(info.rdns)) return undefined
  if (!isRecord(provider) || typeof provider.request !== 'function') return undefined
  const request = provider.request
  return {
    info: {
      uuid: info.uuid,
      name: info.name.slice(0, 64),
      icon: text(info.icon) && info.icon.startsWith('data:image/') ? info.icon : '',
      rdns: info.rdns,
    },
    provider: {
      request: (arguments_) => Promise.resolve(request.call(provider, arguments_)),
    },
  }
}

/**
 * Finds the browser wallets installed on the page through EIP-6963: listens for
 * `eip6963:announceProvider`, then asks every wallet to announce itself (`eip6963:requestProvider`).
 * A wallet that announces again (same rdns) replaces its earlier entry. Answers the function that
 * stops listening.
 *
 * @example
 * const stop = watchInjectedWallets({ onChange: (wallets) => render(wallets.map((w) => w.info.name)) })
 */
export function watchInjectedWallets({ onChange, target }: WatchInjectedWalletsParameters): () => void {
  const on = target ?? (typeof window === 'undefined' ? undefined : window)
  if (!on) return () => {}
  const found = new Map<string, InjectedWallet>()
  const onAnnounce = (event: Event) => {
    const wallet = toInjectedWallet(event instanceof CustomEvent ? event.detail : undefined)
    if (!wallet) return
    found.set(wallet.info.rdns, wallet)
    onChange([...found.values()])
  }
  on.addEventListener('eip6963:announceProvider', onAnnounce)
  on.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => on.removeEventListener('eip6963:announceProvider', onAnnounce)
}
