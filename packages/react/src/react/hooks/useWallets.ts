import type { WalletsStatus } from '../../client/state/transition'
import type { SatchelWallet } from '../../client/types'
import { useSatchel } from './useSatchel'

export type UseWalletsReturnType = {
  /** `none` also while signed out. */
  status: WalletsStatus
  /** True once the wallets are known: `ready` or `none` while signed in, or signed out. */
  ready: boolean
  wallets: readonly SatchelWallet[]
  error: Error | undefined
}

/**
 * The signed-in user's embedded wallets, from the same state as `useSatchel` (no second flag to race).
 *
 * @example
 * const { status, wallets } = useWallets()
 * if (status === 'creating') return <p>Creating your wallet…</p>
 */
export function useWallets(): UseWalletsReturnType {
  const { status, wallets } = useSatchel()
  if (!wallets) return { status: 'none', ready: status === 'unauthenticated', wallets: [], error: undefined }
  return {
    status: wallets.status,
    ready: wallets.status === 'ready' || wallets.status === 'none',
    wallets: wallets.wallets,
    error: wallets.error,
  }
}
