import { formatAddress } from '@satchel/core'
import { CopyButton } from './CopyButton'

/**
 * An address as first 5 and last 4 characters, the whole address on hover and for screen readers,
 * with a copy button.
 *
 * @example
 * <AddressChip address="0x1234567890abcdef1234567890abcdef12345678" />
 */
export function AddressChip({ address, label = 'Wallet address' }: { address: string; label?: string }) {
  return (
    <span className="address-chip" data-address={address}>
      <span className="address-chip__text" title={address}>
        <span className="visually-hidden">{label}: </span>
        <span aria-hidden="true">{formatAddress(address)}</span>
        <span className="visually-hidden">{address}</span>
      </span>
      <CopyButton
        value={address}
        label="Copy"
        accessibleLabel={`Copy ${label.toLowerCase()}`}
        className="address-chip__copy"
      />
    </span>
  )
}
