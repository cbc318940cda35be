import { type SatchelClient, type TransactionRequest, verbatim } from '@satchel/react'

export type ScanAssetChange = {
  kind: 'transfer' | 'approval'
  assetType: 'native' | 'erc20'
  symbol: string | undefined
  decimals: number | undefined
  from: string
  to: string
  amount: bigint
  unlimited: boolean
}

export type ScanResult = {
  resultType: 'benign' | 'warning' | 'malicious'
  reasons: { code: string; message: string }[]
  assetChanges: ScanAssetChange[]
  /** Gas used times gas price, when the simulation gave both. */
  fee: bigint | undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const toBigInt = (value: unknown): bigint | undefined =>
  typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined

/**
 * Asks the server to simulate and judge a transaction before the user confirms it
 * (`POST /api/v1/scan/transaction`): what moves where, warnings, and the fee. The SDK has no action for
 * the scan yet, so this calls the route through its client. `metadata.domain` names the site asking
 * for the transaction: the wallet's own host unless another app (a WalletConnect dApp) asks.
 *
 * @example
 * const scan = await scanTransaction(client, { transaction, chainId: 31337 })
 * scan.resultType // 'benign'
 */
export async function scanTransaction(
  client: SatchelClient,
  {
    transaction,
    chainId,
    metadata = { domain: location.host },
  }: { transaction: TransactionRequest; chainId: number; metadata?: { domain?: string } },
): Promise<ScanResult> {
  const jsonTransaction = Object.fromEntries(
    Object.entries(transaction).map(([key, value]) => [
      key,
      typeof value === 'bigint' ? `0x${value.toString(16)}` : value,
    ]),
  )
  const answer = await client.request({
    method: 'POST',
    path: '/api/v1/scan/transaction',
    body: {
      chainId,
      request: { method: 'eth_sendTransaction', params: verbatim([jsonTransaction]) },
      metadata,
    },
    auth: true,
  })
  const validation = isRecord(answer) && isRecord(answer.validation) ? answer.validation : {}
  const simulation = isRecord(answer) && isRecord(answer.simulation) ? answer.simulation : {}
  const resultType =
    validation.resultType === 'warning' || validation.resultType === 'malicious'
      ? validation.resultType
      : 'benign'
  const reasons = (Array.isArray(validation.reasons) ? validation.reasons : []).flatMap((reason) =>
    isRecord(reason) && typeof reason.message === 'string'
      ? [{ code: typeof reason.code === 'string' ? reason.code : 'unknown', message: reason.message }]
      : [],
  )
  const assetChanges = (Array.isArray(simulation.assetChanges) ? simulation.assetChanges : []).flatMap(
    (change): ScanAssetChange[] => {
      if (!isRecord(change) || !isRecord(change.asset)) return []
      const amount = toBigInt(change.amount)
      if (amount === undefined || typeof change.from !== 'string' || typeof change.to !== 'string') return []
      return [
        {
          kind: change.kind === 'approval' ? 'approval' : 'transfer',
          assetType: change.asset.type === 'erc20' ? 'erc20' : 'native',
          symbol: typeof change.asset.symbol === 'string' ? change.asset.symbol : undefined,
          decimals: typeof change.asset.decimals === 'number' ? change.asset.decimals : undefined,
          from: change.from,
          to: change.to,
          amount,
          unlimited: change.unlimited === true,
        },
      ]
    },
  )
  const gas = isRecord(simulation.gas) ? simulation.gas : {}
  const used = toBigInt(gas.used)
  const price = toBigInt(gas.price)
  return {
    resultType,
    reasons,
    assetChanges,
    fee: used !== undefined && price !== undefined ? used * price : undefined,
  }
}
