import { isRecord } from '../../shared/isRecord'

/** One JSON-RPC call of a batch. */
export type RpcCall = { method: string; params: unknown[] }

const CHUNK = 100

/**
 * Sends JSON-RPC calls to a chain's node in batches of 100 (one HTTP request each, which every
 * common node accepts) and answers each call's result in order; a call the node refused answers
 * `undefined` rather than failing the others. Throws only when the node cannot be reached.
 *
 * @example
 * const [block] = await callRpcBatch(rpcUrl, [{ method: 'eth_getBlockByNumber', params: ['0x10', false] }])
 */
export async function callRpcBatch(rpcUrl: string, calls: readonly RpcCall[]): Promise<unknown[]> {
  const results: unknown[] = []
  for (let start = 0; start < calls.length; start += CHUNK) {
    const chunk = calls.slice(start, start + CHUNK)
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chunk.map((call, index) => ({ jsonrpc: '2.0', id: index, ...call }))),
    })
    if (!response.ok) throw new Error(`The chain's node answered HTTP ${response.status}`)
    const answers: unknown = await response.json()
    const byId = new Map<unknown, unknown>()
    if (Array.isArray(answers))
      for (const answer of answers) if (isRecord(answer)) byId.set(answer.id, answer.result)
    results.push(...chunk.map((_, index) => byId.get(index)))
  }
  return results
}
