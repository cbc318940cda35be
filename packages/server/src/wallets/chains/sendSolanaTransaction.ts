import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { callSolanaRpc } from './callSolanaRpc'

const answerSchema = z.union([
  z.object({ result: z.string() }),
  z.object({ error: z.object({ code: z.number().optional(), message: z.string().optional() }) }),
])

/**
 * Broadcasts a signed Solana transaction (`sendTransaction`, base64) and answers its signature
 * (base58), which names the transaction on the cluster.
 *
 * @throws {ApiError} `insufficient_funds` when the fee payer cannot pay, else
 * `transaction_broadcast_failure`.
 * @example
 * const signature = await sendSolanaTransaction('https://api.devnet.solana.com', base64, { timeoutMs: 10_000 })
 */
export async function sendSolanaTransaction(
  rpcUrl: string,
  transactionBase64: string,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<string> {
  let body: unknown
  try {
    body = await callSolanaRpc(
      rpcUrl,
      'sendTransaction',
      [transactionBase64, { encoding: 'base64', preflightCommitment: 'confirmed' }],
      timeoutMs,
    )
  } catch (error) {
    throw new ApiError('transaction_broadcast_failure', {
      message: 'The Solana RPC could not be reached',
      cause: error,
    })
  }
  const answer = answerSchema.safeParse(body)
  if (!answer.success) throw new ApiError('transaction_broadcast_failure')
  if ('result' in answer.data) return answer.data.result
  const message = answer.data.error.message ?? ''
  if (/insufficient (funds|lamports)|InsufficientFundsForFee|no record of a prior credit/i.test(message)) {
    throw new ApiError('insufficient_funds')
  }
  throw new ApiError('transaction_broadcast_failure')
}
