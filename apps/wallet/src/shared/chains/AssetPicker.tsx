/** What a send or a purchase moves: USDC or the chain's native coin. */
type TransferAsset = 'native' | 'USDC'

/**
 * USDC or the chain's native coin, as a segmented choice; USDC is off where the chain has none.
 *
 * @example
 * <AssetPicker name={`${id}-asset`} value={asset} nativeSymbol="SOL" usdc onChange={(asset) => set({ asset })} />
 */
export function AssetPicker({
  name,
  value,
  nativeSymbol,
  usdc,
  onChange,
}: {
  name: string
  value: TransferAsset
  nativeSymbol: string
  /** Whether the chain has USDC. */
  usdc: boolean
  onChange: (asset: TransferAsset) => void
}) {
  return (
    <fieldset className="segmented">
      <legend className="field__label">Asset</legend>
      {(['USDC', 'native'] as const).map((option) => (
        <label key={option} className="segmented__option">
          <input
            type="radio"
            name={name}
            checked={value === option}
            disabled={option === 'USDC' && !usdc}
            onChange={() => onChange(option)}
          />
          <span className="segmented__label">{option === 'USDC' ? 'USDC' : nativeSymbol}</span>
        </label>
      ))}
    </fieldset>
  )
}
