import type { FastifyBaseLogger } from 'fastify'
import type { AppsRepository } from './apps/appsRepository'
import type { Config } from './config/loadConfig'
import type { Db } from './db/createDatabase'
import type { Delivery } from './delivery/types'
import type { Kv } from './kv/createKv'
import type { SigningKeys } from './tokens/createSigningKeys'
import type { UsersRepository } from './users/usersRepository'
import type { Vault } from './vault/types'

/** What every feature module is given: configuration and the shared services, nothing global. */
export type ServerContext = {
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
  /** The API's own 32-byte key (seals signing keys, auth shares; keys code hashes). */
  encryptionKey: Uint8Array
  log: FastifyBaseLogger
  /** Milliseconds since the epoch; tests move it to check expiries. */
  now(): number
}
