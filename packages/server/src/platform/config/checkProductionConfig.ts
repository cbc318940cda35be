import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '@satchel/core'
import { ConfigError } from './configError'

/** What {@link checkProductionConfig} reads: the validated environment. */
export type ProductionEnvironment = {
  SATCHEL_ENCRYPTION_KEY?: string | undefined
  SATCHEL_VAULT_KEK?: string | undefined
  SATCHEL_VAULT_URL?: string | undefined
  SATCHEL_VAULT_SOCKET?: string | undefined
  REDIS_URL?: string | undefined
  SATCHEL_SINGLE_INSTANCE: boolean
  SANDBOX_ONRAMP_URL?: string | undefined
  RPC_URLS?: string | undefined
}

/**
 * The environment-only rules of `NODE_ENV=production` (the rules that need the database, such as a
 * login method without delivery, are checked at start by `checkProductionApps`). Each refusal names
 * the variable to fix:
 * - the API's encryption key, and the vault KEK unless a remote vault holds it, must be configured
 *   (no key files made in the data folder);
 * - Redis is required for rate limits, one-time codes and nonce locks to hold across instances, unless
 *   the operator declares a single instance with `SATCHEL_SINGLE_INSTANCE=true`;
 * - the devnet's sandbox onramp (test cards) and its local chains 31337/31338 are refused.
 *
 * @throws {ConfigError}
 * @example
 * if (env.NODE_ENV === 'production') checkProductionConfig(env)
 */
export function checkProductionConfig(e: ProductionEnvironment): void {
  if (!e.SATCHEL_ENCRYPTION_KEY)
    throw new ConfigError('SATCHEL_ENCRYPTION_KEY: required in production (64 hex characters)')
  if (!(e.SATCHEL_VAULT_URL ?? e.SATCHEL_VAULT_SOCKET) && !e.SATCHEL_VAULT_KEK)
    throw new ConfigError('SATCHEL_VAULT_KEK: required in production unless a remote vault is configured')
  if (!e.REDIS_URL && !e.SATCHEL_SINGLE_INSTANCE)
    throw new ConfigError(
      'REDIS_URL: required in production, so that rate limits, one-time codes and nonce locks hold across API instances; set SATCHEL_SINGLE_INSTANCE=true if exactly one API process will ever serve this database',
    )
  if (e.SANDBOX_ONRAMP_URL)
    throw new ConfigError(
      'SANDBOX_ONRAMP_URL: the sandbox onramp takes test cards and is refused in production',
    )
  const devChain = (e.RPC_URLS?.split(',') ?? [])
    .map((pair) => Number(pair.slice(0, pair.indexOf('='))))
    .find((id) => id === LOCAL_CHAIN_ID || id === LOCAL_BASE_CHAIN_ID)
  if (devChain !== undefined)
    throw new ConfigError(`RPC_URLS: chain ${devChain} is a local devnet chain and is refused in production`)
}
