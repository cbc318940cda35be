import { z } from 'zod'
import { checkDistinctSecrets } from './checkDistinctSecrets'
import { checkProductionConfig } from './checkProductionConfig'
import { ConfigError } from './configError'
import { type FundingConfig, loadFundingConfig } from './loadFundingConfig'
import { parseTrustProxy, type TrustProxy } from './parseTrustProxy'

export { ConfigError } from './configError'
export type { FundingConfig, MoonpayEnvironmentConfig } from './loadFundingConfig'
export { DEFAULT_SANDBOX_ONRAMP_URL } from './loadFundingConfig'

const hexKey = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
const optionalUrl = z.url().optional()
const positiveInt = z.coerce.number().int().positive()
const webhookSecret = z.string().min(16, 'must be at least 16 characters')

/** Every environment variable the server reads, with its rule and default. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  SATCHEL_PUBLIC_URL: optionalUrl,
  SATCHEL_ISSUER: z.string().min(1).default('satchel'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SATCHEL_DATA_DIR: z.string().min(1).default('./.satchel'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  // Production without Redis: the operator's statement that one API process serves this database.
  SATCHEL_SINGLE_INSTANCE: z.stringbool().default(false),
  SATCHEL_ENCRYPTION_KEY: hexKey.optional(),
  // During a key rotation only: the key being replaced, which still opens what it sealed.
  SATCHEL_ENCRYPTION_KEY_PREVIOUS: hexKey.optional(),
  SATCHEL_VAULT_KEK: hexKey.optional(),
  SATCHEL_VAULT_KEK_PREVIOUS: hexKey.optional(),
  SATCHEL_VAULT_URL: optionalUrl,
  SATCHEL_VAULT_SOCKET: z.string().min(1).optional(),
  SATCHEL_VAULT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(3600),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(30 * 24 * 3600),
  // Sign-ups a development-mode app allows (its own `dev_user_limit` may lower it); 0: no cap.
  DEV_USER_LIMIT: z.coerce.number().int().min(0).default(150),
  BODY_LIMIT_BYTES: positiveInt.default(100_000),
  RATE_LIMIT_SCALE: positiveInt.default(1),
  // How often expired rows are deleted (maintenance/pruneExpiredRows.ts); 0 turns the job off (an
  // operator who runs `satchel prune` from cron instead).
  PRUNE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  // SIGTERM: /readyz fails for SHUTDOWN_DRAIN_SECONDS (the balancer stops sending), then in-flight
  // requests get up to SHUTDOWN_TIMEOUT_SECONDS to finish. Unset drain: 3 s in production, else 0.
  // How often sends still pending are checked against their chain (rebroadcast, settled); 0: off.
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(10),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  RPC_URLS: z
    .string()
    .regex(
      /^\d+=https?:\/\/[^,\s]+(,\d+=https?:\/\/[^,\s]+)*$/,
      'must be chainId=url pairs separated by commas',
    )
    .optional(),
  SOLANA_RPC_URLS: z
    .string()
    .regex(
      /^(mainnet-beta|devnet|testnet)=https?:\/\/[^,\s]+(,(mainnet-beta|devnet|testnet)=https?:\/\/[^,\s]+)*$/,
      'must be cluster=url pairs separated by commas (clusters: mainnet-beta, devnet, testnet)',
    )
    .optional(),
  // How long a call to a chain's node may take before it is given up (chains/getPublicClient.ts): a
  // node that hangs then costs the request that asked it this long, and nothing else.
  RPC_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  RPC_TIMEOUTS_MS: z
    .string()
    .regex(/^\d+=[1-9]\d{0,5}(,\d+=[1-9]\d{0,5})*$/, 'must be chainId=milliseconds pairs separated by commas')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Satchel <no-reply@satchel.local>'),
  SMS_API_URL: optionalUrl,
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  // Funding (onramps). A provider without its keys is simply not offered.
  COINBASE_CDP_KEY_ID: z.string().min(1).optional(),
  COINBASE_CDP_PRIVATE_KEY: z.string().min(1).optional(),
  COINBASE_API_URL: z.url().default('https://api.developer.coinbase.com'),
  COINBASE_PAY_URL: z.url().default('https://pay.coinbase.com'),
  COINBASE_WEBHOOK_SECRET: webhookSecret.optional(),
  COINBASE_WEBHOOK_SIGNATURE_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an HTTP header name')
    .default('x-hook0-signature'),
  MOONPAY_PUBLISHABLE_KEY: z.string().startsWith('pk_live_', 'must start with pk_live_').optional(),
  MOONPAY_SECRET_KEY: z.string().startsWith('sk_live_', 'must start with sk_live_').optional(),
  MOONPAY_WEBHOOK_KEY: webhookSecret.optional(),
  MOONPAY_API_URL: z.url().default('https://api.moonpay.com'),
  MOONPAY_WIDGET_URL: z.url().default('https://buy.moonpay.com'),
  MOONPAY_SANDBOX_PUBLISHABLE_KEY: z.string().startsWith('pk_test_', 'must start with pk_test_').optional(),
  MOONPAY_SANDBOX_SECRET_KEY: z.string().startsWith('sk_test_', 'must start with sk_test_').optional(),
  MOONPAY_SANDBOX_WEBHOOK_KEY: webhookSecret.optional(),
  MOONPAY_SANDBOX_API_URL: z.url().default('https://api.moonpay.com'),
  MOONPAY_SANDBOX_WIDGET_URL: z.url().default('https://buy-sandbox.moonpay.com'),
  SANDBOX_ONRAMP_URL: optionalUrl,
  SANDBOX_ONRAMP_WEBHOOK_SECRET: webhookSecret.optional(),
})

export type Environment = z.infer<typeof environmentSchema>

export type Config = {
  env: Environment['NODE_ENV']
  port: number
  host: string
  publicUrl: string | undefined
  issuer: string
  databaseUrl: string | undefined
  dataDir: string
  redisUrl: string | undefined
  /** The API's own key: seals token-signing keys and wallet auth shares. */
  encryptionKey: Uint8Array | undefined
  /** During a rotation, the key `satchel keys rotate --encryption` is moving away from. */
  previousEncryptionKey: Uint8Array | undefined
  vault:
    | {
        mode: 'local'
        keyEncryptionKey: Uint8Array | undefined
        previousKeyEncryptionKey: Uint8Array | undefined
      }
    | { mode: 'remote'; url: string | undefined; socketPath: string | undefined; sharedSecret: string }
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  devUserLimit: number
  bodyLimitBytes: number
  /** Multiplies every rate limit (1 in production; benchmarks from one address raise it). */
  rateLimitScale: number
  /** Seconds between runs of the pruning job; 0: off. */
  pruneIntervalSeconds: number
  /** Seconds between checks of pending sends against their chain (reconcileSentTransactions); 0: off. */
  reconcileIntervalSeconds: number
  /** SIGTERM: seconds /readyz answers 503 before the server stops accepting requests. */
  shutdownDrainSeconds: number
  /** SIGTERM: seconds in-flight requests may take before the process exits anyway. */
  shutdownTimeoutSeconds: number
  logLevel: Environment['LOG_LEVEL']
  trustProxy: TrustProxy
  /** Bearer token that `/metrics` asks for; without it `/metrics` is served outside production only. */
  metricsToken: string | undefined
  /** RPC endpoints by chain id from RPC_URLS (`1=https://...,8453=https://...`). */
  rpcUrls: ReadonlyMap<number, string>
  /** Solana RPC endpoints by cluster from SOLANA_RPC_URLS (`devnet=https://...`); public ones otherwise. */
  solanaRpcUrls: ReadonlyMap<string, string>
  /** Chain RPC timeouts: RPC_TIMEOUT_MS for every chain, RPC_TIMEOUTS_MS per EVM chain id. */
  rpcTimeoutMs: { default: number; byChainId: ReadonlyMap<number, number> }
  smtp: { url: string; from: string } | undefined
  emailFrom: string
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined
  funding: FundingConfig
}

/**
 * Reads and validates the environment. A bad or missing value throws a `ConfigError` naming the variable;
 * secrets' values are never echoed back.
 *
 * @example
 * const config = loadConfig(process.env)
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(pickDefined(source))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`)
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  if (production) checkProductionConfig(e)
  checkDistinctSecrets(e)
  const remoteVault = e.SATCHEL_VAULT_URL ?? e.SATCHEL_VAULT_SOCKET
  if (remoteVault && !e.SATCHEL_VAULT_SECRET)
    throw new ConfigError(
      'SATCHEL_VAULT_SECRET: required when SATCHEL_VAULT_URL or SATCHEL_VAULT_SOCKET is set',
    )
  const smsKeys = [e.SMS_API_URL, e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM]
  if (smsKeys.some(Boolean) && !smsKeys.every(Boolean))
    throw new ConfigError('SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM: set all four or none')

  const funding = loadFundingConfig(e)

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.SATCHEL_PUBLIC_URL,
    issuer: e.SATCHEL_ISSUER,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.SATCHEL_DATA_DIR,
    redisUrl: e.REDIS_URL,
    encryptionKey: e.SATCHEL_ENCRYPTION_KEY ? Buffer.from(e.SATCHEL_ENCRYPTION_KEY, 'hex') : undefined,
    previousEncryptionKey: e.SATCHEL_ENCRYPTION_KEY_PREVIOUS
      ? Buffer.from(e.SATCHEL_ENCRYPTION_KEY_PREVIOUS, 'hex')
      : undefined,
    vault: remoteVault
      ? {
          mode: 'remote',
          url: e.SATCHEL_VAULT_URL,
          socketPath: e.SATCHEL_VAULT_SOCKET,
          sharedSecret: e.SATCHEL_VAULT_SECRET ?? '',
        }
      : {
          mode: 'local',
          keyEncryptionKey: e.SATCHEL_VAULT_KEK ? Buffer.from(e.SATCHEL_VAULT_KEK, 'hex') : undefined,
          previousKeyEncryptionKey: e.SATCHEL_VAULT_KEK_PREVIOUS
            ? Buffer.from(e.SATCHEL_VAULT_KEK_PREVIOUS, 'hex')
            : undefined,
        },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    devUserLimit: e.DEV_USER_LIMIT,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    pruneIntervalSeconds: e.PRUNE_INTERVAL_SECONDS,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (production ? 3 : 0),
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY, production),
    metricsToken: e.METRICS_TOKEN,
    rpcUrls: new Map(
      (e.RPC_URLS?.split(',') ?? []).map((pair) => {
        const at = pair.indexOf('=')
        return [Number(pair.slice(0, at)), pair.slice(at + 1)] as const
      }),
    ),
    solanaRpcUrls: new Map(
      (e.SOLANA_RPC_URLS?.split(',') ?? []).map((pair) => {
        const at = pair.indexOf('=')
        return [pair.slice(0, at), pair.slice(at + 1)] as const
      }),
    ),
    rpcTimeoutMs: {
      default: e.RPC_TIMEOUT_MS,
      byChainId: new Map(
        (e.RPC_TIMEOUTS_MS?.split(',') ?? []).map((pair) => {
          const at = pair.indexOf('=')
          return [Number(pair.slice(0, at)), Math.min(Number(pair.slice(at + 1)), 120_000)] as const
        }),
      ),
    },
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.EMAIL_FROM } : undefined,
    emailFrom: e.EMAIL_FROM,
    sms:
      e.SMS_API_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            apiUrl: e.SMS_API_URL,
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    funding,
  }
}

/** Empty strings count as unset, as in most process managers' env files. */
function pickDefined(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== '') out[key] = value
  return out
}
