import { NetworkPicker } from '../../shared/chains/NetworkPicker'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import type { PollingState } from '../../shared/hooks/usePolling'
import { AmountField } from './AmountField'
import { AssetPicker } from './AssetPicker'
import type { TransferAsset } from './buildTransfer'
import { RecipientField } from './RecipientField'
import type { SendFormValues } from './SendForm'
import type { Spendable } from './useSpendable'

/**
 * The fields of the send form, the same on every chain: recipient, asset, chain (EVM chains and Solana
 * clusters together: picking the other family switches the form), amount, and Review.
 *
 * @example
 * <SendFields id={id} values={values} errors={errors} set={set} networks={networks} network={String(chain.id)} … />
 */
export function SendFields({
  id,
  values,
  errors,
  set,
  networks,
  network,
  asset,
  nativeSymbol,
  usdc,
  decimals,
  chainName,
  spendable,
  placeholder,
}: {
  id: string
  values: SendFormValues
  errors: { to?: string | undefined; amount?: string | undefined }
  set: (patch: Partial<SendFormValues>) => void
  networks: readonly WalletNetwork[]
  /** The chosen network's key. */
  network: string
  asset: TransferAsset
  nativeSymbol: string
  usdc: boolean
  decimals: number
  chainName: string
  spendable: PollingState<Spendable>
  placeholder: string
}) {
  return (
    <>
      <RecipientField
        id={id}
        value={values.to}
        error={errors.to}
        placeholder={placeholder}
        onChange={(to) => set({ to })}
      />
      <AssetPicker
        name={`${id}-asset`}
        value={asset}
        nativeSymbol={nativeSymbol}
        usdc={usdc}
        onChange={(option) => set({ asset: option, amount: '' })}
      />
      <NetworkPicker
        networks={networks}
        value={network}
        onChange={(key) => set({ network: key, amount: '' })}
        name={`${id}-chain`}
      />
      <AmountField
        id={id}
        value={values.amount}
        error={errors.amount}
        symbol={asset === 'USDC' ? 'USDC' : nativeSymbol}
        decimals={decimals}
        chainName={chainName}
        spendable={spendable}
        onChange={(amount) => set({ amount })}
      />
      <button type="submit" className="button button--block">
        Review
      </button>
    </>
  )
}
