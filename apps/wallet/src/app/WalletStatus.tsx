import { useCreateWallet, useWallets } from '@satchel/react'
import { ErrorMessage } from '../shared/ui/ErrorMessage'
import { LoadingState } from '../shared/ui/LoadingState'

/**
 * Where the user's embedded wallet stands when it is not simply ready: being created, failed (with a
 * retry), or missing (with a button to create it).
 *
 * @example
 * <WalletStatus />
 */
export function WalletStatus() {
  const { status, wallets, error } = useWallets()
  const { createWallet, isPending } = useCreateWallet()
  const hasEthereum = wallets.some((wallet) => wallet.chainType === 'ethereum')
  const create = () => void createWallet({ chainType: 'ethereum' }).catch(() => {})
  if (status === 'creating' || isPending) return <LoadingState label="Creating your wallet…" />
  if (status === 'error')
    return <ErrorMessage title="Your wallet could not be created" error={error} onRetry={create} />
  if (hasEthereum) return null
  return (
    <div className="notice">
      <p>You have no Ethereum wallet yet.</p>
      <button type="button" className="button" onClick={create}>
        Create my wallet
      </button>
    </div>
  )
}
