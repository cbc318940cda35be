import { z } from 'zod'

const answerSchema = z.object({
  result: z.object({
    value: z.array(
      z
        .object({
          slot: z.number(),
          err: z.unknown().optional(),
          confirmationStatus: z.enum(['processed', 'confirmed', 'finalized']).nullish(),
        })
        .nullable(),
    ),
  }),
})

/**
 * Where a Solana transaction stands (`getSignatureStatuses`, searching history): `pending` until the
 * cluster has confirmed it, then `mined` (with its slot) or `failed` when it executed with an error.
 * Anything unreadable is `pending`: the caller asks again later.
 *
 * @example
 * const { status, slot } = await getSolanaSignatureStatus('https://api.devnet.solana.com', signature)
 */
export async function getSolanaSignatureStatus(
  rpcUrl: string,
  signature: string,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<{ status: 'pending' | 'mined' | 'failed'; slot: bigint | null }> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getSignatureStatuses',
        params: [[signature], { searchTransactionHistory: true }],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer = answerSchema.safeParse(await response.json())
    const entry = answer.success ? answer.data.result.value[0] : null
    if (!entry || entry.confirmationStatus === 'processed' || !entry.confirmationStatus) {
      return { status: 'pending', slot: null }
    }
    return { status: entry.err ? 'failed' : 'mined', slot: BigInt(entry.slot) }
  } catch {
    return { status: 'pending', slot: null }
  }
}
