/**
 * One JSON-RPC call to a Solana cluster: answers the answer's JSON, unchecked (the caller parses it
 * with its own schema). Throws what `fetch` throws (unreachable, timed out) or an unreadable body.
 *
 * @example
 * const body = await callSolanaRpc(rpcUrl, 'getSignatureStatuses', [[signature]], 10_000)
 */
export async function callSolanaRpc(
  rpcUrl: string,
  method: string,
  params: unknown[],
  timeoutMs: number,
): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  return response.json()
}
