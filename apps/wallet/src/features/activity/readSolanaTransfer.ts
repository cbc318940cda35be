import { isRecord } from '../../shared/isRecord'
import type { ActivityItem } from './activityItem'

/** What one landed Solana transaction did to a person's wallet: an activity line less its network and signature. */
export type SolanaTransfer = Omit<ActivityItem, 'network' | 'hash'>

type BalanceChange = { owner: string; change: bigint }

/** An integer amount from the RPC: a JSON number (lamports, slots) or a decimal string (token amounts). */
const readInteger = (value: unknown): bigint | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value)
  return undefined
}
const readList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const abs = (value: bigint) => (value < 0n ? -value : value)

/**
 * Reads a transaction as `getTransaction` answers it under `jsonParsed` and says what it did to
 * `owner`'s wallet, from the balances before and after (as Solana wallets do, whatever program moved
 * them): USDC when the balance of any token account of theirs in `usdcMint` changed, else SOL when
 * their lamports changed beyond the fee they paid, else a `call` (an app's transaction, or a failed
 * one: a failure moves nothing but the fee). The counterparty is the party whose balance moved the
 * other way the most: the recipient of what they sent, the sender of what they received. Answers
 * undefined for what is not a landed transaction (null: not found, or not yet confirmed).
 *
 * @example
 * readSolanaTransfer({ transaction, owner: 'Ali…', usdcMint: '4zMM…' })
 * // { direction: 'out', asset: 'USDC', amount: 2_000_000n, counterparty: 'Bob…', status: 'mined', … }
 */
export function readSolanaTransfer({
  transaction,
  owner,
  usdcMint,
}: {
  transaction: unknown
  owner: string
  usdcMint: string | undefined
}): SolanaTransfer | undefined {
  if (!isRecord(transaction) || !isRecord(transaction.meta) || !isRecord(transaction.transaction)) return
  const { meta } = transaction
  const message = transaction.transaction.message
  if (!isRecord(message)) return
  const keys = readList(message.accountKeys).map((key) =>
    isRecord(key) && typeof key.pubkey === 'string' ? key.pubkey : '',
  )
  const fee = readInteger(meta.fee) ?? 0n
  const slot = readInteger(transaction.slot)
  const time = typeof transaction.blockTime === 'number' ? transaction.blockTime * 1000 : undefined
  const landed = {
    status: meta.err === null ? 'mined' : 'failed',
    blockNumber: slot,
    time,
    fee,
  } as const

  // The fee is the payer's (the first key): their own change, less it, is what they moved.
  const lamports = keys.map((key, index): BalanceChange => {
    const change =
      (readInteger(readList(meta.postBalances)[index]) ?? 0n) -
      (readInteger(readList(meta.preBalances)[index]) ?? 0n)
    return { owner: key, change: index === 0 ? change + fee : change }
  })
  const tokens = usdcMint ? readTokenChanges(meta, usdcMint) : []
  const mine = (changes: BalanceChange[]) =>
    changes.reduce((sum, entry) => (entry.owner === owner ? sum + entry.change : sum), 0n)
  const usdc = mine(tokens)
  const sol = mine(lamports)
  const [asset, moved, changes] =
    usdc !== 0n ? (['USDC', usdc, tokens] as const) : (['native', sol, lamports] as const)
  if (moved === 0n)
    return {
      ...landed,
      direction: keys[0] === owner ? 'out' : 'in',
      asset: 'call',
      amount: 0n,
      counterparty: readProgram(message),
    }
  const counterparty = changes
    .filter((entry) => entry.owner !== owner && entry.owner !== '' && entry.change * moved < 0n)
    .sort((a, b) => (abs(b.change) > abs(a.change) ? 1 : abs(b.change) < abs(a.change) ? -1 : 0))[0]?.owner
  return {
    ...landed,
    direction: moved > 0n ? 'in' : 'out',
    asset,
    amount: abs(moved),
    counterparty,
  }
}

/** Each token account's change in `mint`, by its owner; an account made by the transaction had 0 before. */
function readTokenChanges(meta: Record<string, unknown>, mint: string): BalanceChange[] {
  const read = (list: unknown) =>
    new Map(
      readList(list).flatMap((entry): [number, { owner: string; amount: bigint }][] => {
        if (!isRecord(entry) || entry.mint !== mint || typeof entry.accountIndex !== 'number') return []
        const amount = isRecord(entry.uiTokenAmount) ? readInteger(entry.uiTokenAmount.amount) : undefined
        if (amount === undefined || typeof entry.owner !== 'string') return []
        return [[entry.accountIndex, { owner: entry.owner, amount }]]
      }),
    )
  const before = read(meta.preTokenBalances)
  const after = read(meta.postTokenBalances)
  return [...new Set([...before.keys(), ...after.keys()])].map((index) => ({
    owner: after.get(index)?.owner ?? before.get(index)?.owner ?? '',
    change: (after.get(index)?.amount ?? 0n) - (before.get(index)?.amount ?? 0n),
  }))
}

/** The program the transaction called first: what an app's transaction is "to". */
function readProgram(message: Record<string, unknown>): string | undefined {
  const [first] = readList(message.instructions)
  return isRecord(first) && typeof first.programId === 'string' ? first.programId : undefined
}
