import type { NormalizedTransaction } from '@satchel/core'
import {
  type Address,
  ContractFunctionRevertedError,
  erc20Abi,
  type Hex,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  BaseError as ViemBaseError,
} from 'viem'
import type { ChainClient } from '../chains/getPublicClient'
import { type AssetChange, decodeAssetChanges, UNLIMITED_APPROVAL_THRESHOLD } from './decodeAssetChanges'

export type ScanReason = {
  code:
    | 'unlimited_approval'
    | 'approval_to_account_without_code'
    | 'value_above_balance'
    | 'no_contract_code'
    | 'transaction_reverts'
  message: string
}

export type ScanResult = {
  resultType: 'benign' | 'warning' | 'malicious'
  reasons: ScanReason[]
  assetChanges: Array<AssetChange & { symbol?: string | undefined; decimals?: number | undefined }>
  gas: { used: bigint | null; price: bigint | null }
  /** Which node method produced the simulation. */
  simulatedWith: 'eth_simulateV1' | 'eth_call'
}

type Simulation = { reverted: false; gasUsed: bigint | null } | { reverted: true; reason: string | undefined }

/**
 * Judges a transaction before it is signed: simulates it on the chain (`eth_simulateV1` where the node
 * has it, `eth_call` and `eth_estimateGas` otherwise), decodes the native and ERC-20 movements and
 * approvals it asks for, and flags what a user should look at twice: an unlimited approval (malicious
 * when the spender is an account without code, the usual drainer pattern), a value above the
 * sender's balance, calldata sent to an address without code, and a revert.
 *
 * @example
 * const scan = await scanTransaction(client, { ...normalizeTransaction(request), from })
 * scan.resultType // 'warning'
 */
export async function scanTransaction(
  client: ChainClient,
  transaction: NormalizedTransaction & { from: Address },
): Promise<ScanResult> {
  const { from, to, data, value } = transaction
  const decoded = decodeAssetChanges({ from, to, data, value })
  const hasData = data !== undefined && data !== '0x'
  const spenders = decoded.filter((change) => change.kind === 'approval').map((change) => change.to)

  const [balance, targetCode, spenderCodes, simulated, gasPrice, tokens] = await Promise.all([
    client.getBalance({ address: from }),
    to && hasData ? client.getCode({ address: to }) : Promise.resolve(undefined),
    Promise.all(spenders.map((spender) => client.getCode({ address: spender }).catch(() => undefined))),
    simulate(client, transaction),
    client.getGasPrice().catch(() => null),
    readTokens(client, decoded),
  ])

  const reasons: ScanReason[] = []
  let malicious = false
  for (const [index, change] of decoded.filter((c) => c.kind === 'approval').entries()) {
    if (change.amount < UNLIMITED_APPROVAL_THRESHOLD) continue
    reasons.push({
      code: 'unlimited_approval',
      message: `Unlimited approval for ${change.to} to spend this token`,
    })
    if (!isCode(spenderCodes[index])) {
      malicious = true
      reasons.push({
        code: 'approval_to_account_without_code',
        message: 'The spender is an account without code, not a contract',
      })
    }
  }
  if (value !== undefined && value > balance) {
    reasons.push({ code: 'value_above_balance', message: 'The value is more than the balance of the wallet' })
  }
  if (to && hasData && !isCode(targetCode)) {
    reasons.push({ code: 'no_contract_code', message: 'Data is sent to an address without contract code' })
  }
  if (simulated.result.reverted) {
    reasons.push({
      code: 'transaction_reverts',
      message: `The transaction would revert${simulated.result.reason ? `: ${simulated.result.reason}` : ''}`,
    })
  }

  return {
    resultType: malicious ? 'malicious' : reasons.length > 0 ? 'warning' : 'benign',
    reasons,
    assetChanges: decoded.map((change) => {
      const token = change.asset.type === 'erc20' ? tokens.get(change.asset.address) : undefined
      return token ? { ...change, ...token } : change
    }),
    gas: { used: simulated.result.reverted ? null : simulated.result.gasUsed, price: gasPrice },
    simulatedWith: simulated.method,
  }
}

async function simulate(
  client: ChainClient,
  transaction: NormalizedTransaction & { from: Address },
): Promise<{ method: ScanResult['simulatedWith']; result: Simulation }> {
  const call = {
    account: transaction.from,
    to: transaction.to ?? null,
    data: transaction.data,
    value: transaction.value,
  }
  try {
    const [block] = await client.simulateBlocks({ blocks: [{ calls: [call] }] })
    const [result] = block?.calls ?? []
    if (result) {
      return {
        method: 'eth_simulateV1',
        result:
          result.status === 'success'
            ? { reverted: false, gasUsed: result.gasUsed }
            : { reverted: true, reason: revertReason(result.error) },
      }
    }
  } catch (error) {
    // Only a node without the method falls back; any other failure is a real answer about the call.
    if (!isMissingMethod(error))
      return { method: 'eth_simulateV1', result: { reverted: true, reason: revertReason(error) } }
  }
  try {
    await client.call(call)
    const gasUsed = await client.estimateGas(call).catch(() => null)
    return { method: 'eth_call', result: { reverted: false, gasUsed } }
  } catch (error) {
    return { method: 'eth_call', result: { reverted: true, reason: revertReason(error) } }
  }
}

/** Symbol and decimals of the ERC-20 tokens involved (best effort: a token that will not say is shown by address). */
async function readTokens(client: ChainClient, changes: AssetChange[]) {
  const addresses = [
    ...new Set(changes.flatMap((change) => (change.asset.type === 'erc20' ? [change.asset.address] : []))),
  ]
  const entries = await Promise.all(
    addresses.map(async (address) => {
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(() => undefined),
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }).catch(() => undefined),
      ])
      return [address, { symbol, decimals }] as const
    }),
  )
  return new Map(entries)
}

function isCode(code: Hex | undefined): boolean {
  return code !== undefined && code !== '0x'
}

function isMissingMethod(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  const missing = error.walk(
    (inner) => inner instanceof MethodNotFoundRpcError || inner instanceof MethodNotSupportedRpcError,
  )
  return (
    missing !== null ||
    /method not found|not supported|does not exist|unknown method/i.test(error.details ?? '')
  )
}

function revertReason(error: unknown): string | undefined {
  if (!(error instanceof ViemBaseError)) return undefined
  const reverted = error.walk((inner) => inner instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError && reverted.reason) return reverted.reason
  const text = `${error.details ?? ''} ${error.shortMessage}`
  return /reverted(?: with reason string)?:?\s*'?([^'\n]{1,200})/i.exec(text)?.[1]?.trim() || undefined
}
