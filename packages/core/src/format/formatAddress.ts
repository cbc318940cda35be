import { ADDRESS_DISPLAY_PREFIX_LENGTH, ADDRESS_DISPLAY_SUFFIX_LENGTH } from '../constants'

const ellipsis = '...'

/**
 * Shortens an address for display to its first 5 and last 4 characters. A string that would not get
 * shorter is returned as it is.
 *
 * @example
 * formatAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // '0xd8d...6045'
 */
export function formatAddress(address: string): string {
  if (address.length <= ADDRESS_DISPLAY_PREFIX_LENGTH + ellipsis.length + ADDRESS_DISPLAY_SUFFIX_LENGTH) {
    return address
  }
  return `${address.slice(0, ADDRESS_DISPLAY_PREFIX_LENGTH)}${ellipsis}${address.slice(-ADDRESS_DISPLAY_SUFFIX_LENGTH)}`
}
