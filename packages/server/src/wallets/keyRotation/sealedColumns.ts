/**
 * One bytea column that holds sealed values, and how to read each value's associated data in SQL
 * (the same string the code that seals it binds it to: a row copied elsewhere fails to open).
 */
export type SealedColumn = {
  /** What an operator reads in the progress lines. */
  label: string
  table: string
  id: string
  column: string
  /** A SQL expression over the row: the associated data the value was sealed with. */
  associatedData: string
}

/**
 * Everything sealed under SATCHEL_ENCRYPTION_KEY that lives in a column. The app settings' secrets
 * (jsonb) are re-sealed by resealAppSettings; session unlocks in Redis expire with their session
 * (see readSessionUnlock).
 */
export const ENCRYPTION_KEY_COLUMNS: readonly SealedColumn[] = [
  // platform/tokens/createSigningKeys.ts
  {
    label: 'token-signing keys',
    table: 'signing_keys',
    id: 'kid',
    column: 'sealed_private_jwk',
    associatedData: 'kid',
  },
  // wallets/createWallet.ts, wallets/recovery/recoveryLocks.ts (unlock puts the share back)
  {
    label: 'wallet auth shares',
    table: 'key_roots',
    id: 'id',
    column: 'sealed_auth_share',
    associatedData: 'id',
  },
  // wallets/recovery/recoveryLocks.ts: the outer seal only (the inner one is the user's own secret)
  {
    label: 'recovery locks',
    table: 'recovery_locks',
    id: 'root_id',
    column: 'sealed_auth_share',
    associatedData: "'recovery-lock:' || root_id",
  },
  // mfa/totp.ts: totpSecretAad
  {
    label: 'TOTP secrets',
    table: 'mfa_methods',
    id: 'id',
    column: 'sealed_secret',
    associatedData: "'totp:' || user_id",
  },
  // identity/webhooks/webhookEndpoints.ts
  {
    label: 'webhook secrets',
    table: 'webhook_endpoints',
    id: 'id',
    column: 'sealed_secret',
    associatedData: "'webhook:' || id",
  },
]

/** Everything sealed under SATCHEL_VAULT_KEK: the vault share of each root (vault/rootSecret.ts). */
export const VAULT_KEK_COLUMNS: readonly SealedColumn[] = [
  { label: 'vault shares', table: 'key_roots', id: 'id', column: 'sealed_vault_share', associatedData: 'id' },
]
