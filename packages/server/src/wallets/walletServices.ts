import type { ServerContext } from '../identity/context'
import type { ChainClient } from './chains/getPublicClient'
import { createPolicyCaches, type PolicyCaches } from './policies/policyCache'
import { type AttemptLiveness, startAttemptLiveness } from './startAttemptLiveness'
import { createWalletsRepository, type WalletsRepository } from './walletsRepository'

declare module '../identity/context' {
  interface ServerContext {
    /** The owner of the wallets, key roots and signers tables (and its cache of signing wallets). */
    wallets: WalletsRepository
    /** Policies and wallets' policy lists, cached per instance and emptied everywhere on change. */
    policyCaches: PolicyCaches
    /** One viem public client per EVM chain, made on first use (`getPublicClient`). */
    chainClients: Map<number, ChainClient>
    /** This process's lease, so retries see an idempotent attempt whose process died (buildApp stops it). */
    attemptLiveness?: AttemptLiveness
    /** How long a retry waits for a live first attempt's answer; WAIT_FOR_FIRST_MS (30 s) unless set. */
    waitForFirstAttemptMs?: number
  }
}

/** The services the wallets layer adds to the server context. */
export type WalletServices = Pick<
  ServerContext,
  'wallets' | 'policyCaches' | 'chainClients' | 'waitForFirstAttemptMs'
> & {
  attemptLiveness: AttemptLiveness
}

export type CreateWalletServicesOptions = { waitForFirstAttemptMs?: number | undefined }

/**
 * The wallets layer's services for a new server context, made once by buildApp.
 *
 * @example
 * const ctx: ServerContext = { ...base, ...createWalletServices(base) }
 */
export function createWalletServices(
  ctx: Pick<ServerContext, 'db' | 'kv' | 'now' | 'log'>,
  { waitForFirstAttemptMs }: CreateWalletServicesOptions = {},
): WalletServices {
  return {
    wallets: createWalletsRepository(ctx.db, { kv: ctx.kv, now: ctx.now }),
    policyCaches: createPolicyCaches(ctx),
    chainClients: new Map(),
    attemptLiveness: startAttemptLiveness(ctx.kv),
    ...(waitForFirstAttemptMs === undefined ? {} : { waitForFirstAttemptMs }),
  }
}
