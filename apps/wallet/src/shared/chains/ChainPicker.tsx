import type { WalletChain } from './useWalletChains'

/**
 * Choose one chain: a group of radio buttons (arrow keys move between them).
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
  return (
    <fieldset className="segmented">
      <legend className="field__label">{legend}</legend>
      {chains.map((chain) => (
        <label key={chain.id} className="segmented__option">
          <input
            type="radio"
            name={name}
            value={chain.id}
            checked={chain.id === value}
            onChange={() => onChange(chain.id)}
          />
          <span className="segmented__label">{chain.name}</span>
        </label>
      ))}
    </fieldset>
  )
}
