import { EmptyState } from '../../shared/ui/EmptyState'

/**
 * Connections: apps and external wallets linked over WalletConnect. The WalletConnect client is its
 * own piece of work (and loads only on this screen); until it lands this screen says so plainly.
 */
export default function ConnectionsPage() {
  return (
    <section>
      <h1>Connections</h1>
      <EmptyState title="No connections yet">
        <p>
          Connecting this wallet to other apps with WalletConnect (pasting or scanning a <code>wc:</code>{' '}
          link) and linking an external wallet are coming in a later version of Satchel Wallet.
        </p>
      </EmptyState>
    </section>
  )
}
