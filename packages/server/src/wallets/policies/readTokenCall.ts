import { decodeFunctionData, erc20Abi, type Hex, maxUint256, parseAbi } from 'viem'

/** What a token call moves: tokens to someone now, or the right to take them later. */
export type TokenCall =
  | { kind: 'transfer'; to: string; amount: bigint }
  | { kind: 'allowance'; spender: string; amount: bigint }

// Allowance methods beside ERC-20's approve: OpenZeppelin's increaseAllowance, ERC-721/1155's
// setApprovalForAll (every token of the collection), and Permit2's on-chain approve.
const allowanceAbi = parseAbi([
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
])
const tokenAbi = [...erc20Abi, ...allowanceAbi]

/**
 * The token movement a transaction's calldata asks for, or undefined for any other call: `transfer`
 * and `transferFrom` give the recipient and amount; `approve`, `increaseAllowance`,
 * `setApprovalForAll` (unlimited when granted, 0 when withdrawn) and Permit2's `approve` give the
 * spender and the allowance. Addresses are lower-case.
 *
 * @example
 * readTokenCall(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5n] }))
 * // { kind: 'allowance', spender: '0x…', amount: 5n }
 */
export function readTokenCall(data: Hex): TokenCall | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof tokenAbi>>
  try {
    call = decodeFunctionData({ abi: tokenAbi, data })
  } catch {
    return undefined
  }
  switch (call.functionName) {
    case 'transfer':
      return { kind: 'transfer', to: call.args[0].toLowerCase(), amount: call.args[1] }
    case 'transferFrom':
      return { kind: 'transfer', to: call.args[1].toLowerCase(), amount: call.args[2] }
    case 'approve':
      // ERC-20's approve(spender, amount), or Permit2's approve(token, spender, amount, expiration).
      return call.args.length === 2
        ? { kind: 'allowance', spender: call.args[0].toLowerCase(), amount: call.args[1] }
        : { kind: 'allowance', spender: call.args[1].toLowerCase(), amount: call.args[2] }
    case 'increaseAllowance':
      return { kind: 'allowance', spender: call.args[0].toLowerCase(), amount: call.args[1] }
    case 'setApprovalForAll':
      return {
        kind: 'allowance',
        spender: call.args[0].toLowerCase(),
        amount: call.args[1] ? maxUint256 : 0n,
      }
    default:
      return undefined
  }
}
