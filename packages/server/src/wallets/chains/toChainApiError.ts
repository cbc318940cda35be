import { ApiError, type ApiErrorCode } from '@satchel/core'
import {
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
  BaseError as ViemBaseError,
} from 'viem'

/**
 * A catalogued error for a failure reported by a chain's node. Insufficient funds are named as such
 * (the user can fix them); a revert keeps its reason (public on-chain data); anything else becomes
 * `fallback`. The node's raw text is not echoed beyond these cases: it can carry the RPC URL, which
 * may embed a provider key.
 *
 * @example
 * try { await client.sendRawTransaction({ serializedTransaction }) }
 * catch (error) { throw toChainApiError(error, 'transaction_broadcast_failure') }
 */
export function toChainApiError(error: unknown, fallback: ApiErrorCode): ApiError {
  if (error instanceof ApiError) return error
  const text = describe(error)
  if (error instanceof ViemBaseError) {
    const reverted = error.walk((inner) => inner instanceof ContractFunctionRevertedError)
    if (reverted instanceof ContractFunctionRevertedError) {
      return new ApiError('transaction_failure', {
        message: `The transaction would revert${reverted.reason ? `: ${reverted.reason}` : ''}`,
        cause: error,
      })
    }
    // The native balance (a token's "transfer amount exceeds balance" is a revert, below).
    if (error.walk((inner) => inner instanceof InsufficientFundsError) || /insufficient funds/i.test(text)) {
      return new ApiError('insufficient_funds', { cause: error })
    }
    if (/execution reverted|revert/i.test(text)) {
      const reason = /reverted(?: with reason string)?:? '?([^'\n]{1,200})/i.exec(error.details ?? '')?.[1]
      return new ApiError('transaction_failure', {
        message: `The transaction would revert${reason ? `: ${reason.trim()}` : ''}`,
        cause: error,
      })
    }
    if (/nonce too low|already known|replacement transaction underpriced/i.test(text)) {
      return new ApiError(fallback, {
        message: 'The transaction conflicts with one already sent',
        cause: error,
      })
    }
    const unreachable = error.walk(
      (inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError,
    )
    if (unreachable)
      return new ApiError(fallback, { message: 'The chain RPC could not be reached', cause: error })
  }
  if (/insufficient funds/i.test(text)) return new ApiError('insufficient_funds', { cause: error })
  return new ApiError(fallback, { cause: error })
}

function describe(error: unknown): string {
  if (error instanceof ViemBaseError) return `${error.shortMessage}\n${error.details ?? ''}`
  return error instanceof Error ? error.message : String(error)
}
