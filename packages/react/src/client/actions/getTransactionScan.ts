import type { SatchelClient } from '../createSatchelClient'
import { verbatim } from '../http/convertCase'
import { isRecord } from '../parse'
import type { ReadParameters } from './readParameters'
import type { TransactionRequest } from './sendTransaction'

/** One asset the transaction would move or let someone spend. */
export type ScanAssetChange = {
  kind: 'transfer' | 'approval'
  assetType: 'native' | 'erc20'
  symbol: string | undefined
  decimals: number | undefined
  from: string
  to: string
  amount: bigint
  /** An approval without a limit. */
  unlimited: boolean
}

export type TransactionScan = {
  resultType: 'benign' | 'warning' | 'malicious'
  reasons: { code: string; message: string }[]
  assetChanges: ScanAssetChange[]
  /** Gas used times gas price, when the simulation gave both. */
  fee: bigint | undefined
}

export type GetTransactionScanParameters = ReadParameters & {
  transaction: TransactionRequest
  chainId: number
  /** The site asking for the transaction. Default: this page's host. */
  metadata?: { domain?: string | undefined } | undefined
}

const toBigInt = (value: unknown): bigint | undefined =>
  typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined

function toAssetChange(change: unknown): ScanAssetChange[] {
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
}

/**
 * The server's simulation and verdict for a transaction before the user confirms it
 * (`POST /api/v1/scan/transaction`): what moves where, warnings, and the fee. Nothing is signed or
 * sent. `metadata.domain` names the site that asks: another app's (a WalletConnect dApp's) when it
 * is not this page.
 *
 * @example
 * const scan = await getTransactionScan(client, { transaction: { to, value: 1n }, chainId: 1 })
 * scan.resultType // 'benign'
 */
export async function getTransactionScan(
  client: SatchelClient,
  {
    transaction,
    chainId,
    metadata = { domain: globalThis.location?.host },
    signal,
  }: GetTransactionScanParameters,
): Promise<TransactionScan> {
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
      // The transaction's own field names go as they are (not snake_cased).
      request: { method: 'eth_sendTransaction', params: verbatim([jsonTransaction]) },
      metadata: metadata.domain === undefined ? {} : { domain: metadata.domain },
    },
    auth: true,
    signal,
  })
  const validation = isRecord(answer) && isRecord(answer.validation) ? answer.validation : {}
  const simulation = isRecord(answer) && isRecord(answer.simulation) ? answer.simulation : {}
  const reasons = (Array.isArray(validation.reasons) ? validation.reasons : []).flatMap((reason) =>
    isRecord(reason) && typeof reason.message === 'string'
      ? [{ code: typeof reason.code === 'string' ? reason.code : 'unknown', message: reason.message }]
      : [],
  )
  const gas = isRecord(simulation.gas) ? simulation.gas : {}
  const used = toBigInt(gas.used)
  const price = toBigInt(gas.price)
  return {
    resultType:
      validation.resultType === 'warning' || validation.resultType === 'malicious'
        ? validation.resultType
        : 'benign',
    reasons,
    assetChanges: (Array.isArray(simulation.assetChanges) ? simulation.assetChanges : []).flatMap(
      toAssetChange,
    ),
    fee: used !== undefined && price !== undefined ? used * price : undefined,
  }
}
