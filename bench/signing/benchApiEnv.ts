import { randomBytes } from 'node:crypto'
import os from 'node:os'

/**
 * A benchmark API process's environment: this one's, on `databaseUrl` and Redis where reachable, with
 * fresh keys, silent logs and the rate limits and development user cap out of the way (the load is
 * the point).
 *
 * @example
 * const env = { ...benchApiEnv(database.url, redisUrl), RPC_URLS: '31338=http://127.0.0.1:9' }
 */
export function benchApiEnv(
  databaseUrl: string | undefined,
  redisUrl: string | undefined,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl ?? '',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    SATCHEL_DATA_DIR: os.tmpdir(),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000000',
    DEV_USER_LIMIT: '1000000',
  }
}
