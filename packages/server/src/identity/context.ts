import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../platform/config/loadConfig'
import type { SealingKey } from '../platform/crypto/sealingKey'
import type { Db } from '../platform/db/createDatabase'
import type { Delivery } from '../platform/delivery/types'
import type { Kv } from '../platform/kv/createKv'
import type { SharedCache } from '../platform/kv/createSharedCache'
import type { SigningKeys } from '../platform/tokens/createSigningKeys'
import type { Vault } from '../vault/types'
import type { AppsRepository } from './apps/appsRepository'
import type { SessionState } from './sessions/sessionCache'
import type { UsersRepository } from './users/usersRepository'
import type { UserWalletHooks } from './users/userWalletHooks'

/**
 * What every feature module is given: configuration and the shared services, nothing global. Every
 * service hangs off this one context, built once by buildApp; a layer above identity/ adds its own
 * services by augmenting the interface (wallets/walletServices.ts), so identity/ never imports it.
 */
export interface ServerContext {
  config: Config
  db: Db
  kv: Kv
  delivery: Delivery
  keys: SigningKeys
  /** The only holder of key material (in-process, or its own process over a socket). */
  vault: Vault
  /** JSON-RPC endpoint per EVM chain id (configured RPC_URLS first, then the chain's public default). */
  rpcUrls: ReadonlyMap<number, string>
  apps: AppsRepository
  users: UsersRepository
  /** The wallets layer's answers to what identity/ needs of a user's wallets (set by buildApp). */
  userWallets: UserWalletHooks
  /** Live sessions, cached per instance and emptied everywhere on revocation. */
  sessionCache: SharedCache<SessionState>
  /**
   * The API's own 32-byte key (seals signing keys, auth shares; keys code hashes); during a key
   * rotation its `previous` key still opens (see platform/crypto/sealingKey.ts).
   */
  encryptionKey: SealingKey
  log: FastifyBaseLogger
  /** Milliseconds since the epoch; tests move it to check expiries. */
  now(): number
}
