import { NetworkPicker } from './NetworkPicker'
import type { WalletChain } from './useWalletChains'

/**
 * Choose one EVM chain: a group of radio buttons (arrow keys move between them).
 *
 * @example
 * <ChainPicker chains={chains} value={chainId} onChange={setChainId} legend="Chain" />
 */
export function ChainPicker({
  chains,
  value,
  onChange,
  legend = 'Chain',
  name,
}: {
  chains: readonly WalletChain[]
  value: number | undefined
  onChange: (chainId: number) => void
  legend?: string
  name: string
}) {
  const networks = chains.map((chain) => ({
    family: 'evm' as const,
    key: String(chain.id),
    name: chain.name,
    nativeSymbol: chain.nativeSymbol,
    chain,
  }))
  return (
    <NetworkPicker
      networks={networks}
      value={value === undefined ? undefined : String(value)}
      onChange={(key) => onChange(Number(key))}
      legend={legend}
      name={name}
    />
  )
}
