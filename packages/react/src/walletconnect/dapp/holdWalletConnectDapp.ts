import type { WalletConnectDapp } from './createWalletConnectDapp'

const holders = new WeakMap<WalletConnectDapp, number>()

/**
 * Marks one user of the dApp (a mounted `useWalletConnect()`, the login modal's WalletConnect screen):
 * resumes a session kept from an earlier page load, or reopens the relay after a `destroy()`. The
 * returned release, once the last user has released, destroys the dApp: the relay socket closes and
 * the SDK's timers stop, so an unmounted `<SatchelProvider>` leaves nothing running. The release
 * waits a tick, so a component that unmounts and mounts again at once (React's StrictMode) keeps it.
 *
 * @example
 * useEffect(() => holdWalletConnectDapp(dapp), [dapp])
 */
export function holdWalletConnectDapp(dapp: WalletConnectDapp): () => void {
  holders.set(dapp, (holders.get(dapp) ?? 0) + 1)
  // A failed resume shows in the dApp's state; nothing here waits on it.
  dapp.restore().catch(() => {})
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (holders.get(dapp) ?? 1) - 1
    holders.set(dapp, left)
    if (left > 0) return
    setTimeout(() => {
      if ((holders.get(dapp) ?? 0) === 0) void dapp.destroy()
    }, 0)
  }
}
