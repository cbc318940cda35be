import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'

export type ReceiveDescription = {
  /** What the QR code holds: an EIP-681 link on an EVM chain, a Solana Pay link on Solana. */
  uri: string
  chainName: string
  /** What may be sent to the address, and where, in words. */
  hint: string
}

/**
 * What the Receive screen shows for an address on a chain: the QR code's link and the warning about
 * what to send there.
 *
 * @example
 * describeReceive(solanaDevnet, '9xQe…').uri // 'solana:9xQe…'
 */
export function describeReceive(network: WalletNetwork, address: string): ReceiveDescription {
  if (network.family === 'solana') {
    const { cluster } = network
    return {
      uri: `solana:${address}`,
      chainName: cluster.name,
      hint: `Send only SOL${cluster.usdcMint ? ' or USDC' : ''} on ${cluster.name} to this address. It is your Solana address: it is not the address of your EVM wallet, and coins sent from an EVM chain do not arrive here.`,
    }
  }
  const { chain } = network
  return {
    uri: `ethereum:${address}@${chain.id}`,
    chainName: chain.name,
    hint: `Send only ${chain.nativeSymbol}${chain.usdcAddress ? ' or USDC' : ''} on ${chain.name} to this address. The same address works on every EVM chain, but coins sent on a chain stay on that chain.`,
  }
}
