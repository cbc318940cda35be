import { type ReactNode, useState } from 'react'
import { NetworkPicker } from '../../shared/chains/NetworkPicker'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import { useWalletNetworks } from '../../shared/chains/useWalletNetworks'
import { CopyButton } from '../../shared/ui/CopyButton'
import { LoadingState } from '../../shared/ui/LoadingState'
import { QrCode } from '../../shared/ui/QrCode'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import { describeReceive } from './describeReceive'
import './receive.css'

/**
 * Receive: the wallet's address and its QR code for the chosen chain, with a copy button. An EVM chain
 * shows the EVM address (EIP-681, so a scanning wallet also picks the right chain); a Solana cluster
 * shows the Solana address (a Solana Pay link).
 */
export default function ReceivePage() {
  const ethereum = useEthereumWallet()
  const solana = useSolanaWallet()
  const networks = useWalletNetworks()
  const [key, setKey] = useState(networks[0]?.key)
  const network = networks.find((entry) => entry.key === key) ?? networks[0]
  const wallet = network?.family === 'solana' ? solana : ethereum
  return (
    <section className="receive">
      <h1>Receive</h1>
      {!wallet || !network ? (
        <LoadingState label="Waiting for your wallet…" />
      ) : (
        <ReceiveCard address={wallet.address} {...describeReceive(network, wallet.address)}>
          <NetworkPicker networks={networks} value={network.key} onChange={setKey} name="receive-chain" />
        </ReceiveCard>
      )}
    </section>
  )
}

function ReceiveCard({
  address,
  uri,
  chainName,
  hint,
  children,
}: {
  address: string
  uri: string
  chainName: string
  hint: string
  children: ReactNode
}) {
  return (
    <>
      {children}
      <div className="card receive__card">
        <QrCode value={uri} label={`QR code of your address on ${chainName}`} />
        <p className="receive__label">Your address on {chainName}</p>
        <p className="receive__address mono" data-testid="receive-address">
          {address}
        </p>
        <CopyButton value={address} label="Copy address" className="button" />
        <p className="field__hint receive__hint">{hint}</p>
      </div>
    </>
  )
}
