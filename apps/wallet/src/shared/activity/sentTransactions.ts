import { isRecord } from '../isRecord'

/** A transaction this browser sent, kept so activity shows it at once (before and after it is mined). */
export type SentTransaction = {
  hash: `0x${string}`
  chainId: number
  asset: 'native' | 'USDC'
  /** In the asset's smallest unit, as a decimal string (JSON has no bigint). */
  amount: string
  to: string
  /** Milliseconds since the epoch. */
  sentAt: number
}

const LIMIT = 50
const keyOf = (address: string) => `satchel-wallet:${address.toLowerCase()}:sent`

/**
 * The transactions this browser sent from `address`, newest first. What localStorage holds is checked
 * entry by entry: a bad entry is dropped, not trusted.
 *
 * @example
 * readSentTransactions('0x1234…')
 */
export function readSentTransactions(address: string): SentTransaction[] {
  let stored: unknown
  try {
    stored = JSON.parse(localStorage.getItem(keyOf(address)) ?? '[]')
  } catch {
    return []
  }
  if (!Array.isArray(stored)) return []
  return stored.flatMap((entry): SentTransaction[] =>
    isRecord(entry) &&
    typeof entry.hash === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(entry.hash) &&
    typeof entry.chainId === 'number' &&
    (entry.asset === 'native' || entry.asset === 'USDC') &&
    typeof entry.amount === 'string' &&
    /^\d+$/.test(entry.amount) &&
    typeof entry.to === 'string' &&
    typeof entry.sentAt === 'number'
      ? [
          {
            hash: `0x${entry.hash.slice(2)}`,
            chainId: entry.chainId,
            asset: entry.asset,
            amount: entry.amount,
            to: entry.to,
            sentAt: entry.sentAt,
          },
        ]
      : [],
  )
}

/**
 * Remembers a transaction this browser sent (the newest 50 are kept).
 *
 * @example
 * recordSentTransaction(address, { hash, chainId: 31337, asset: 'USDC', amount: '1000000', to, sentAt: Date.now() })
 */
export function recordSentTransaction(address: string, transaction: SentTransaction): void {
  const list = [
    transaction,
    ...readSentTransactions(address).filter((entry) => entry.hash !== transaction.hash),
  ]
  try {
    localStorage.setItem(keyOf(address), JSON.stringify(list.slice(0, LIMIT)))
  } catch {
    // Storage full or disabled: the activity list then shows what the chain says, which is enough.
  }
}
