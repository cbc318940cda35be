import type { WalletTransaction } from '@satchel/react'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import { isRecord } from '../../shared/isRecord'
import type { ActivityItem } from './activityItem'
import { callRpcBatch, type RpcCall } from './callRpcBatch'
import { readSolanaTransfer } from './readSolanaTransfer'

/** How many of the latest signatures of each address (the wallet, each of its USDC accounts) are read. */
export const SOLANA_SIGNATURE_LIMIT = 50

// A confirmed transaction does not change: kept for the page's life, so each poll reads only what is new.
const landed = new Map<string, unknown>()

const readList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * The activity of a Solana wallet (`owner`) on one cluster, from the cluster and the server's records:
 * the latest {@link SOLANA_SIGNATURE_LIMIT} transactions naming the wallet or one of its USDC token
 * accounts (USDC sent to an account that already exists names only the account, not its owner), each
 * read in `jsonParsed` for the SOL or USDC it moved, and every transaction the server sent for the
 * wallet on this cluster (`recorded`), listed once (matched by signature) and even before it lands.
 *
 * @example
 * const items = await readSolanaActivity({ cluster, owner: wallet.address, recorded })
 */
export async function readSolanaActivity({
  cluster,
  owner,
  recorded,
}: {
  cluster: SolanaCluster
  owner: string
  recorded: readonly WalletTransaction[]
}): Promise<ActivityItem[]> {
  const rpc = (calls: RpcCall[]) => callRpcBatch(cluster.rpcUrl, calls)
  const commitment = 'confirmed'
  const [accounts] = cluster.usdcMint
    ? await rpc([
        {
          method: 'getTokenAccountsByOwner',
          params: [owner, { mint: cluster.usdcMint }, { encoding: 'base64', commitment }],
        },
      ])
    : []
  const tokenAccounts =
    isRecord(accounts) && Array.isArray(accounts.value)
      ? accounts.value.flatMap((entry) =>
          isRecord(entry) && typeof entry.pubkey === 'string' ? [entry.pubkey] : [],
        )
      : []
  const lists = await rpc(
    [owner, ...tokenAccounts].map((at) => ({
      method: 'getSignaturesForAddress',
      params: [at, { limit: SOLANA_SIGNATURE_LIMIT, commitment }],
    })),
  )
  const ours = recorded.filter((entry) => entry.caip2 === cluster.caip2)
  const signatures = [
    ...new Set([
      ...lists.flatMap((list) =>
        readList(list).flatMap((entry) =>
          isRecord(entry) && typeof entry.signature === 'string' ? [entry.signature] : [],
        ),
      ),
      ...ours.map((entry) => entry.hash),
    ]),
  ]

  const unread = signatures.filter((signature) => !landed.has(`${cluster.rpcUrl}:${signature}`))
  const answers = await rpc(
    unread.map((signature) => ({
      method: 'getTransaction',
      params: [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment }],
    })),
  )
  unread.forEach((signature, index) => {
    if (isRecord(answers[index])) landed.set(`${cluster.rpcUrl}:${signature}`, answers[index])
  })

  return signatures.map((hash): ActivityItem => {
    const transfer = readSolanaTransfer({
      transaction: landed.get(`${cluster.rpcUrl}:${hash}`),
      owner,
      usdcMint: cluster.usdcMint,
    })
    if (transfer) return { network: cluster.caip2, hash, ...transfer }
    // Sent by the server but not yet confirmed by the cluster: listed as pending, from the record.
    const sent = ours.find((entry) => entry.hash === hash)
    return {
      network: cluster.caip2,
      hash,
      direction: 'out',
      asset: 'call',
      amount: 0n,
      counterparty: undefined,
      status: sent?.status === 'failed' ? 'failed' : 'pending',
      blockNumber: undefined,
      time: sent?.sentAt,
      fee: undefined,
    }
  })
}
