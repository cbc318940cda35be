import { ApiError } from '@satchel/core'
import type { ServerContext } from '../identity/context'
import type { KeyShares, SignRequest, SignResult } from '../vault/types'
import { VaultError } from '../vault/VaultError'
import { loadKeyShares } from './loadKeyShares'
import type { SigningWallet } from './walletsRepository'

/**
 * Asks the vault to sign for a wallet, in a session (null for a delegated signer, which has none).
 * The auth share is opened just for this call; the vault's refusals become catalogued API errors (a
 * malformed request is the caller's `invalid_data`, shares that do not open are our
 * `internal_error`, an unreachable vault is `service_unavailable`).
 *
 * @example
 * const result = await signWithVault(ctx, wallet, { method: 'personal_sign', message }, auth.sessionId)
 */
export async function signWithVault(
  ctx: ServerContext,
  wallet: SigningWallet,
  request: SignRequest,
  sessionId: string | null,
): Promise<SignResult> {
  const shares = await loadKeyShares(ctx, wallet.root, sessionId)
  try {
    return await signWithShares(ctx, wallet, shares, request)
  } finally {
    shares.authShare.fill(0)
  }
}

/**
 * {@link signWithVault} with shares loaded beforehand: for signing inside a database transaction
 * (the nonce lock), where loading them could wait on the database the transaction holds.
 *
 * @example
 * const signed = await signWithShares(ctx, wallet, shares, { method: 'eth_signTransaction', transaction })
 */
export async function signWithShares(
  ctx: ServerContext,
  wallet: SigningWallet,
  shares: KeyShares,
  request: SignRequest,
): Promise<SignResult> {
  try {
    return await ctx.vault.sign({ ...shares, chainType: wallet.chainType, index: wallet.index, request })
  } catch (error) {
    throw toVaultApiError(error)
  }
}

/**
 * The API error for a vault failure. Vault messages are fixed text without secrets, so the
 * caller-facing ones are passed on.
 *
 * @example
 * throw toVaultApiError(new VaultError('unsupported_transaction_type')) // invalid_data
 */
export function toVaultApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (!(error instanceof VaultError)) return new ApiError('internal_error', { cause: error })
  switch (error.code) {
    case 'invalid_request':
    case 'unsupported_transaction_type':
      return new ApiError('invalid_data', { message: error.message, cause: error })
    case 'unsupported_method':
      return new ApiError('unsupported_method', { message: error.message, cause: error })
    case 'vault_unavailable':
      return new ApiError('service_unavailable', { message: error.message, cause: error })
    default:
      return new ApiError('internal_error', { cause: error })
  }
}
