import type { WalletTransaction } from '@satchel/react'
import { getAddress } from 'viem'
import { TRANSFER_TOPIC, toAddressTopic, topicToAddress } from '../../shared/chains/erc20'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { isRecord } from '../../shared/isRecord'
import type { ActivityItem } from './activityItem'
import { callRpcBatch, type RpcCall } from './callRpcBatch'

/**
 * How far back coins (ETH) received are looked for. A plain JSON-RPC node has no "transactions of an
 * address" call: incoming coin is found by reading the latest blocks, so a receipt older than this
 * (and coin sent by a contract, an internal transfer) is not listed. USDC has logs and is read 50,000
 * blocks back; what this wallet sent through its server is always listed.
 */
export const NATIVE_SCAN_BLOCKS = 256
const LOG_BLOCKS = 50_000n
const SELECTOR_TRANSFER = '0xa9059cbb'

type ChainTransaction = {
  hash: `0x${string}`
  from: `0x${string}`
  to: `0x${string}` | undefined
  value: bigint
  input: string
  blockNumber: bigint | undefined
}
type Receipt = { status: 'mined' | 'failed'; fee: bigint; blockNumber: bigint }

// What is mined does not change: kept for the page's life, so each poll reads only what is new.
const scannedBlocks = new Map<string, ChainTransaction[]>()
const blockTimes = new Map<string, number>()
const mined = new Map<string, { transaction: ChainTransaction; receipt: Receipt }>()

const isHex = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
const hex = (value: bigint) => `0x${value.toString(16)}`
/** A quantity from the node; a missing or malformed one reads 0 rather than failing the list. */
const readUint = (value: unknown): bigint =>
  isHex(value) && value !== '0x' ? BigInt(value.slice(0, 66)) : 0n

/**
 * The activity of `address` on one EVM chain, from the chain and the server's records: USDC Transfer
 * logs in and out, coin sent to or from it in the latest {@link NATIVE_SCAN_BLOCKS} blocks, and every
 * transaction the server sent for it (`recorded`: its own sends and apps' requests, listed even
 * while pending), each with its status, network fee and time.
 *
 * @example
 * const items = await readChainActivity({ chain, address, recorded })
 */
export async function readChainActivity({
  chain,
  address,
  recorded,
}: {
  chain: WalletChain
  address: string
  recorded: readonly WalletTransaction[]
}): Promise<ActivityItem[]> {
  const self = address.toLowerCase()
  const rpc = (calls: RpcCall[]) => callRpcBatch(chain.rpcUrl, calls)
  const latest = readUint((await rpc([{ method: 'eth_blockNumber', params: [] }]))[0])
  const logFrom = hex(latest > LOG_BLOCKS ? latest - LOG_BLOCKS : 0n)
  const topic = toAddressTopic(address)
  const logQuery = (topics: (string | null)[]): RpcCall => ({
    method: 'eth_getLogs',
    params: [{ address: chain.usdcAddress, topics, fromBlock: logFrom, toBlock: 'latest' }],
  })
  const [sentLogs, receivedLogs] = chain.usdcAddress
    ? await rpc([logQuery([TRANSFER_TOPIC, topic]), logQuery([TRANSFER_TOPIC, null, topic])])
    : []
  const logs = [...readList(sentLogs), ...readList(receivedLogs)]

  // Coin in and out: the latest blocks, each read once for the page's life.
  const first = latest >= BigInt(NATIVE_SCAN_BLOCKS) ? latest - BigInt(NATIVE_SCAN_BLOCKS) + 1n : 0n
  const unread: bigint[] = []
  for (let n = first; n <= latest; n++) if (!scannedBlocks.has(`${chain.rpcUrl}:${n}`)) unread.push(n)
  const blocks = await rpc(unread.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })))
  unread.forEach((n, index) => {
    const block = blocks[index]
    if (!isRecord(block)) return
    blockTimes.set(`${chain.rpcUrl}:${n}`, Number(readUint(block.timestamp)) * 1000)
    scannedBlocks.set(`${chain.rpcUrl}:${n}`, readList(block.transactions).flatMap(readTransaction))
  })
  const coin = new Set<string>()
  for (let n = first; n <= latest; n++)
    for (const transaction of scannedBlocks.get(`${chain.rpcUrl}:${n}`) ?? [])
      if (transaction.value > 0n && (transaction.from === self || transaction.to === self))
        coin.add(transaction.hash)

  const caip2 = `eip155:${chain.id}`
  const ours = recorded.filter((entry) => entry.caip2 === caip2 && isHex(entry.hash))
  const logHashes = logs.flatMap((log) =>
    isRecord(log) && isHex(log.transactionHash) ? [log.transactionHash] : [],
  )
  const hashes = [
    ...new Set([...logHashes, ...coin, ...ours.map((entry) => entry.hash)].map((h) => h.toLowerCase())),
  ]
  const details = await readTransactions(chain.rpcUrl, hashes)
  await readBlockTimes(
    chain.rpcUrl,
    [...details.values()].flatMap(({ receipt }) => (receipt ? [receipt.blockNumber] : [])),
  )

  const items: ActivityItem[] = []
  const base = (hash: string): Omit<ActivityItem, 'direction' | 'asset' | 'amount' | 'counterparty'> => {
    const { transaction, receipt } = details.get(hash) ?? {}
    const sent = ours.find((entry) => entry.hash.toLowerCase() === hash)
    const blockNumber = receipt?.blockNumber ?? transaction?.blockNumber
    return {
      network: String(chain.id),
      hash,
      status: receipt?.status ?? (sent?.status === 'failed' ? 'failed' : 'pending'),
      blockNumber,
      time:
        (blockNumber === undefined ? undefined : blockTimes.get(`${chain.rpcUrl}:${blockNumber}`)) ??
        sent?.sentAt,
      fee: receipt?.fee,
    }
  }
  for (const log of logs) {
    if (!isRecord(log) || !isHex(log.transactionHash) || !Array.isArray(log.topics)) continue
    const [, from, to] = log.topics
    if (typeof from !== 'string' || typeof to !== 'string') continue
    const out = topicToAddress(from) === self
    items.push({
      ...base(log.transactionHash.toLowerCase()),
      direction: out ? 'out' : 'in',
      asset: 'USDC',
      amount: readUint(log.data),
      counterparty: topicToAddress(out ? to : from),
    })
  }
  const covered = new Set(logHashes.map((h) => h.toLowerCase()))
  for (const hash of hashes) {
    if (covered.has(hash)) continue
    const transaction = details.get(hash)?.transaction
    if (!transaction) {
      // Recorded by the server but not yet known to this node (just sent): listed as pending.
      items.push({
        ...base(hash),
        direction: 'out',
        asset: 'call',
        amount: 0n,
        counterparty: undefined,
      })
      continue
    }
    const out = transaction.from === self
    const token =
      chain.usdcAddress?.toLowerCase() === transaction.to && transaction.input.startsWith(SELECTOR_TRANSFER)
    items.push({
      ...base(hash),
      direction: out ? 'out' : 'in',
      asset: token ? 'USDC' : transaction.value > 0n ? 'native' : 'call',
      amount: token ? readUint(`0x${transaction.input.slice(74, 138)}`) : transaction.value,
      counterparty: token
        ? `0x${transaction.input.slice(34, 74)}`
        : out
          ? (transaction.to ?? `0x${'0'.repeat(40)}`)
          : transaction.from,
    })
  }
  // Addresses are compared lower-case above and shown checksummed, as the person sees them elsewhere.
  return items.map((item) => ({
    ...item,
    counterparty: item.counterparty === undefined ? undefined : getAddress(item.counterparty),
  }))
}

/** Each hash's transaction and (once mined) receipt; mined ones come from the page's cache. */
async function readTransactions(rpcUrl: string, hashes: readonly string[]) {
  const unread = hashes.filter((hash) => !mined.has(`${rpcUrl}:${hash}`))
  const answers = await callRpcBatch(
    rpcUrl,
    unread.flatMap((hash) => [
      { method: 'eth_getTransactionByHash', params: [hash] },
      { method: 'eth_getTransactionReceipt', params: [hash] },
    ]),
  )
  const found = new Map<string, { transaction: ChainTransaction | undefined; receipt: Receipt | undefined }>()
  unread.forEach((hash, index) => {
    const [transaction] = readTransaction(answers[2 * index])
    const receipt = readReceipt(answers[2 * index + 1])
    if (transaction && receipt) mined.set(`${rpcUrl}:${hash}`, { transaction, receipt })
    else found.set(hash, { transaction, receipt })
  })
  for (const hash of hashes) {
    const known = mined.get(`${rpcUrl}:${hash}`)
    if (known) found.set(hash, known)
  }
  return found
}

async function readBlockTimes(rpcUrl: string, numbers: readonly bigint[]): Promise<void> {
  const unread = [...new Set(numbers)].filter((n) => !blockTimes.has(`${rpcUrl}:${n}`))
  const blocks = await callRpcBatch(
    rpcUrl,
    unread.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })),
  )
  unread.forEach((n, index) => {
    const block = blocks[index]
    if (isRecord(block)) blockTimes.set(`${rpcUrl}:${n}`, Number(readUint(block.timestamp)) * 1000)
  })
}

function readList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function readTransaction(value: unknown): ChainTransaction[] {
  if (!isRecord(value) || !isHex(value.hash) || !isHex(value.from)) return []
  return [
    {
      hash: `0x${value.hash.slice(2).toLowerCase()}`,
      from: `0x${value.from.slice(2).toLowerCase()}`,
      to: isHex(value.to) ? `0x${value.to.slice(2).toLowerCase()}` : undefined,
      value: readUint(value.value),
      input: typeof value.input === 'string' ? value.input.toLowerCase() : '0x',
      blockNumber: isHex(value.blockNumber) ? BigInt(value.blockNumber) : undefined,
    },
  ]
}

function readReceipt(value: unknown): Receipt | undefined {
  if (!isRecord(value) || !isHex(value.blockNumber)) return undefined
  return {
    status: value.status === '0x1' ? 'mined' : 'failed',
    fee: readUint(value.gasUsed) * readUint(value.effectiveGasPrice),
    blockNumber: BigInt(value.blockNumber),
  }
}
