import { z } from 'zod'
import { callSolanaRpc } from './callSolanaRpc'

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
    const body = await callSolanaRpc(
      rpcUrl,
      'getSignatureStatuses',
      [[signature], { searchTransactionHistory: true }],
      timeoutMs,
    )
    const answer = answerSchema.safeParse(body)
    const entry = answer.success ? answer.data.result.value[0] : null
    if (!entry || entry.confirmationStatus === 'processed' || !entry.confirmationStatus) {
      return { status: 'pending', slot: null }
    }
    return { status: entry.err ? 'failed' : 'mined', slot: BigInt(entry.slot) }
  } catch {
    return { status: 'pending', slot: null }
  }
}
