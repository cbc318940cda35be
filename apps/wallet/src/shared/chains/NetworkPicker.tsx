import type { WalletNetwork } from './useWalletNetworks'

/**
 * Choose one chain of either family (EVM chains and Solana clusters): a group of radio buttons (arrow
 * keys move between them).
 *
 * @example
 * <NetworkPicker networks={networks} value={key} onChange={setKey} name="send-chain" />
 */
export function NetworkPicker({
  networks,
  value,
  onChange,
  legend = 'Chain',
  name,
}: {
  networks: readonly WalletNetwork[]
  value: string | undefined
  onChange: (key: string) => void
  legend?: string
  name: string
}) {
  return (
    <fieldset className="segmented">
      <legend className="field__label">{legend}</legend>
      {networks.map((network) => (
        <label key={network.key} className="segmented__option">
          <input
            type="radio"
            name={name}
            value={network.key}
            checked={network.key === value}
            onChange={() => onChange(network.key)}
          />
          <span className="segmented__label">{network.name}</span>
        </label>
      ))}
    </fieldset>
  )
}
