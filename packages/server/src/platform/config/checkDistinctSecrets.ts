import { ConfigError } from './configError'

/** The variables that hold keys and shared secrets, each guarding something the others must not open. */
export const SECRET_VARIABLES = [
  'SATCHEL_ENCRYPTION_KEY',
  'SATCHEL_ENCRYPTION_KEY_PREVIOUS',
  'SATCHEL_VAULT_KEK',
  'SATCHEL_VAULT_KEK_PREVIOUS',
  'SATCHEL_VAULT_SECRET',
  'METRICS_TOKEN',
  'SMS_AUTH_TOKEN',
  'COINBASE_WEBHOOK_SECRET',
  'MOONPAY_WEBHOOK_KEY',
  'MOONPAY_SANDBOX_WEBHOOK_KEY',
  'SANDBOX_ONRAMP_WEBHOOK_SECRET',
] as const

/**
 * Refuses two secret variables with the same value. The custody design rests on them being
 * independent: the encryption key seals the auth share and the vault KEK the vault share, so one key
 * reused as the other makes a single stolen secret open both halves of every wallet; a metrics token
 * or webhook secret, which travel further, must not double as either. Hex keys compare without case.
 *
 * @throws {ConfigError} naming both variables (never their value).
 * @example
 * checkDistinctSecrets({ SATCHEL_ENCRYPTION_KEY: k, SATCHEL_VAULT_KEK: k })
 * // ConfigError: SATCHEL_ENCRYPTION_KEY and SATCHEL_VAULT_KEK: must be different ...
 */
export function checkDistinctSecrets(
  environment: Partial<Record<(typeof SECRET_VARIABLES)[number], string | undefined>>,
): void {
  const seen = new Map<string, string>()
  for (const name of SECRET_VARIABLES) {
    const raw = environment[name]?.trim()
    if (!raw) continue
    const value = /^[0-9a-fA-F]+$/.test(raw) ? raw.toLowerCase() : raw
    const earlier = seen.get(value)
    if (earlier)
      throw new ConfigError(
        `${earlier} and ${name}: must be different secrets (one stolen value would open what both protect)`,
      )
    seen.set(value, name)
  }
}
