import { useState } from 'react'
import { ChainPicker } from '../../shared/chains/ChainPicker'
import { useWalletChains } from '../../shared/chains/useWalletChains'
import { CopyButton } from '../../shared/ui/CopyButton'
import { LoadingState } from '../../shared/ui/LoadingState'
import { QrCode } from '../../shared/ui/QrCode'
import { useEthereumWallet } from '../../shared/useEthereumWallet'
import './receive.css'

/**
 * Receive: the wallet's address and its QR code for the chosen chain (EIP-681, so a scanning wallet
 * also picks the right chain), with a copy button.
 */
export default function ReceivePage() {
  const wallet = useEthereumWallet()
  const chains = useWalletChains()
  const [chainId, setChainId] = useState(chains[0]?.id)
  const chain = chains.find((entry) => entry.id === chainId) ?? chains[0]
  return (
    <section className="receive">
      <h1>Receive</h1>
      {!wallet || !chain ? (
        <LoadingState label="Waiting for your wallet…" />
      ) : (
        <>
          <ChainPicker chains={chains} value={chain.id} onChange={setChainId} name="receive-chain" />
          <div className="card receive__card">
            <QrCode
              value={`ethereum:${wallet.address}@${chain.id}`}
              label={`QR code of your address on ${chain.name}`}
            />
            <p className="receive__label">Your address on {chain.name}</p>
            <p className="receive__address mono" data-testid="receive-address">
              {wallet.address}
            </p>
            <CopyButton value={wallet.address} label="Copy address" className="button" />
            <p className="field__hint receive__hint">
              Send only {chain.nativeSymbol}
              {chain.usdcAddress ? ' or USDC' : ''} on {chain.name} to this address. The same address works on
              every EVM chain, but coins sent on a chain stay on that chain.
            </p>
          </div>
        </>
      )}
    </section>
  )
}
