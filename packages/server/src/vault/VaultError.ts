/**
 * The vault's failures as data. The messages are fixed text: a vault error never carries key
 * material, share bytes or a caller's secret, so the API may log it and the vault server may
 * answer it as is.
 */
export const vaultErrors = {
  invalid_request: { status: 400, message: 'Invalid vault request' },
  invalid_key_shares: { status: 400, message: 'The key shares could not be opened' },
  unsupported_method: { status: 400, message: 'This method is not available for this chain type' },
  unsupported_transaction_type: { status: 400, message: 'Unsupported transaction type' },
  invalid_recipient_key: { status: 400, message: 'The recipient key must be a P-256 public JWK' },
  unauthorized: { status: 401, message: 'Missing or invalid vault secret' },
  not_found: { status: 404, message: 'Not found' },
  payload_too_large: { status: 413, message: 'Request body is too large' },
  internal_error: { status: 500, message: 'The vault failed' },
  vault_unavailable: { status: 503, message: 'The vault cannot be reached' },
} as const satisfies Record<string, { status: number; message: string }>

export type VaultErrorCode = keyof typeof vaultErrors

export type VaultErrorParameters = {
  /** Replaces the catalogue's message; must never contain a secret. */
  message?: string | undefined
  cause?: unknown
}

/**
 * An error from the vault, local or remote, with a stable code. The remote client rebuilds the
 * same error from the server's `{error, code}` answer, so both modes fail alike.
 *
 * @example
 * throw new VaultError('invalid_key_shares')
 */
export class VaultError extends Error {
  override name = 'VaultError'
  readonly code: VaultErrorCode
  readonly status: number

  constructor(code: VaultErrorCode, parameters: VaultErrorParameters = {}) {
    super(
      parameters.message ?? vaultErrors[code].message,
      parameters.cause === undefined ? undefined : { cause: parameters.cause },
    )
    this.code = code
    this.status = vaultErrors[code].status
  }

  /** The body the vault server answers with. */
  toJSON(): { error: string; code: VaultErrorCode } {
    return { error: this.message, code: this.code }
  }
}

/** True when `code` is one of the vault's codes (for parsing a vault server's answer). */
export function isVaultErrorCode(code: unknown): code is VaultErrorCode {
  return typeof code === 'string' && Object.hasOwn(vaultErrors, code)
}
