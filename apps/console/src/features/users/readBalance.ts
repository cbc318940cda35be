import { formatUnits } from 'viem'
import { isRecord } from '../../shared/isRecord'

/**
 * A wallet's native balance read straight from a chain's JSON-RPC endpoint (the host names endpoints
 * the browser may read): ETH by `eth_getBalance`, SOL by `getBalance`, in whole units as text.
 *
 * @example
 * await readBalance({ rpcUrl: 'http://127.0.0.1:8545', chainType: 'ethereum', address }) // '1.5'
 */
export async function readBalance({
  rpcUrl,
  chainType,
  address,
  signal,
}: {
  rpcUrl: string
  chainType: 'ethereum' | 'solana'
  address: string
  signal?: AbortSignal | undefined
}): Promise<string> {
  const call =
    chainType === 'ethereum'
      ? { method: 'eth_getBalance', params: [address, 'latest'] }
      : { method: 'getBalance', params: [address] }
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...call }),
    signal: signal ?? null,
  })
  const answer: unknown = await response.json()
  const result = isRecord(answer) ? answer.result : undefined
  if (chainType === 'ethereum' && typeof result === 'string') return formatUnits(BigInt(result), 18)
  const lamports = isRecord(result) ? result.value : undefined
  if (typeof lamports === 'number') return formatUnits(BigInt(lamports), 9)
  throw new Error('The chain did not answer with a balance')
}
