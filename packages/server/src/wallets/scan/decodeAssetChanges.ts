import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'

/** One movement (or permission) of an asset a transaction would cause. */
export type AssetChange = {
  kind: 'transfer' | 'approval'
  asset: { type: 'native' } | { type: 'erc20'; address: Address }
  /** The sender (the owner, for an approval). */
  from: Address
  /** The recipient (the spender, for an approval). */
  to: Address
  amount: bigint
}

/** Above this an approval is unlimited in effect: no token's supply comes near 2^128 units. */
export const UNLIMITED_APPROVAL_THRESHOLD = 2n ** 128n

/**
 * What a transaction request moves, read from the request itself: its native value, and an ERC-20
 * `transfer`, `transferFrom` or `approve` in its calldata. Calldata that is none of these decodes to
 * nothing (the simulation still judges it).
 *
 * @example
 * decodeAssetChanges({ from, to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 5n] }) })
 * // [{ kind: 'transfer', asset: { type: 'erc20', address: usdc }, from, to: bob, amount: 5n }]
 */
export function decodeAssetChanges(request: {
  from: Address
  to?: Address | undefined
  data?: Hex | undefined
  value?: bigint | undefined
}): AssetChange[] {
  const changes: AssetChange[] = []
  const { from, to, data, value } = request
  if (to && value !== undefined && value > 0n) {
    changes.push({ kind: 'transfer', asset: { type: 'native' }, from, to, amount: value })
  }
  if (!to || !data || data.length < 10) return changes
  let call: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    call = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return changes
  }
  const asset = { type: 'erc20' as const, address: getAddress(to) }
  switch (call.functionName) {
    case 'transfer': {
      const [recipient, amount] = call.args
      changes.push({ kind: 'transfer', asset, from, to: getAddress(recipient), amount })
      break
    }
    case 'transferFrom': {
      const [sender, recipient, amount] = call.args
      changes.push({ kind: 'transfer', asset, from: getAddress(sender), to: getAddress(recipient), amount })
      break
    }
    case 'approve': {
      const [spender, amount] = call.args
      changes.push({ kind: 'approval', asset, from, to: getAddress(spender), amount })
      break
    }
  }
  return changes
}
