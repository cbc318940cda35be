// The two ERC-20 calls and one event the wallet needs, encoded by hand: a full ABI library would weigh
// more than the whole home screen.

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const SELECTOR_BALANCE_OF = '0x70a08231'
const SELECTOR_TRANSFER = '0xa9059cbb'

/** USDC's decimals, on every chain and on the devnet's USDC-like token. */
export const USDC_DECIMALS = 6

const word = (hex: string) => hex.toLowerCase().replace(/^0x/, '').padStart(64, '0')

/**
 * An address as a 32-byte ABI word or log topic.
 *
 * @example
 * toAddressTopic('0xAbC0000000000000000000000000000000000001') // '0x000…abc0000000000000000000000000000000000001'
 */
export function toAddressTopic(address: string): `0x${string}` {
  return `0x${word(address)}`
}

/**
 * Calldata of `balanceOf(owner)`.
 *
 * @example
 * encodeBalanceOf('0x1111111111111111111111111111111111111111')
 */
export function encodeBalanceOf(owner: string): `0x${string}` {
  return `${SELECTOR_BALANCE_OF}${word(owner)}`
}

/**
 * Calldata of `transfer(to, amount)`.
 *
 * @example
 * encodeTransfer('0x1111111111111111111111111111111111111111', 1_000_000n) // send 1 USDC
 */
export function encodeTransfer(to: string, amount: bigint): `0x${string}` {
  if (amount < 0n) throw new Error('amount must not be negative')
  return `${SELECTOR_TRANSFER}${word(to)}${word(amount.toString(16))}`
}

/**
 * A uint256 return value or log data word as a bigint (`0x` alone is 0).
 *
 * @example
 * decodeUint256('0x00…0f4240') // 1000000n
 */
export function decodeUint256(hex: unknown): bigint {
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]*$/.test(hex)) throw new Error('Expected a 0x hex value')
  return hex === '0x' ? 0n : BigInt(hex.slice(0, 66))
}

/**
 * The address in a 32-byte log topic.
 *
 * @example
 * topicToAddress(toAddressTopic('0x1111111111111111111111111111111111111111')) // '0x1111…1111'
 */
export function topicToAddress(topic: string): `0x${string}` {
  return `0x${topic.slice(-40).toLowerCase()}`
}
