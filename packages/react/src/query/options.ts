import { type FundingPurchase, type FundingStatus, getFundingStatus } from '../client/actions/fundWallet'
import {
  type FundingOptions,
  type GetFundingOptionsParameters,
  getFundingOptions,
} from '../client/actions/getFundingOptions'
import { getPolicies, type Policy } from '../client/actions/getPolicies'
import { getRecoveryStatus, type RecoveryStatus } from '../client/actions/getRecoveryStatus'
import { getSessionSigners, type WalletSessionSigners } from '../client/actions/getSessionSigners'
import { getSessions, type Session } from '../client/actions/getSessions'
import {
  type GetTransactionScanParameters,
  getTransactionScan,
  type TransactionScan,
} from '../client/actions/getTransactionScan'
import {
  type GetTransactionStatusParameters,
  getTransactionStatus,
  type TransactionStatus,
} from '../client/actions/getTransactionStatus'
import { getUser } from '../client/actions/getUser'
import { getWallets } from '../client/actions/getWallets'
import type { SatchelClient } from '../client/createSatchelClient'
import type { AppConfig, SatchelUser, SatchelWallet } from '../client/types'
import type { ReadContext } from './createQuery'
import { satchelKeys } from './satchelKeys'

/** An action as TanStack Query's `useMutation` takes it (and as Satchel's own hooks run it). */
export type ActionOptions<parameters, result> = {
  mutationKey: readonly unknown[]
  mutationFn: (parameters: parameters) => Promise<result>
}

/** A read as TanStack Query's `useQuery` (and Satchel's `useRead`) takes it. */
export type ReadOptions<result> = {
  queryKey: readonly unknown[]
  /** `signal` aborts the request when the answer is no longer wanted. */
  queryFn: (context: ReadContext) => Promise<result>
}

/**
 * Binds an action to a client, under its key.
 *
 * @example
 * const options = actionOptions(client, 'signMessage', signMessage)
 * await options.mutationFn({ message: 'hi' })
 */
export function actionOptions<parameters, result>(
  client: SatchelClient,
  name: string,
  action: (client: SatchelClient, parameters: parameters) => Promise<result>,
): ActionOptions<parameters, result> {
  return {
    mutationKey: satchelKeys.action(client.appId, name),
    mutationFn: (parameters) => action(client, parameters),
  }
}

/**
 * The signed-in user, read from the server.
 *
 * @example
 * useQuery(userQueryOptions(client))
 */
export function userQueryOptions(client: SatchelClient): ReadOptions<SatchelUser> {
  return { queryKey: satchelKeys.user(client.appId), queryFn: () => getUser(client) }
}

/**
 * The signed-in user's embedded wallets, read from the server.
 *
 * @example
 * useQuery(walletsQueryOptions(client))
 */
export function walletsQueryOptions(client: SatchelClient): ReadOptions<SatchelWallet[]> {
  return { queryKey: satchelKeys.wallets(client.appId), queryFn: () => getWallets(client) }
}

/**
 * The app's public configuration (enabled login methods, name, mode).
 *
 * @example
 * useQuery(appConfigQueryOptions(client))
 */
export function appConfigQueryOptions(client: SatchelClient): ReadOptions<AppConfig> {
  return { queryKey: satchelKeys.appConfig(client.appId), queryFn: () => client.getAppConfig() }
}

/**
 * Where the user is signed in.
 *
 * @example
 * useQuery(sessionsQueryOptions(client))
 */
export function sessionsQueryOptions(client: SatchelClient): ReadOptions<Session[]> {
  return {
    queryKey: satchelKeys.sessions(client.appId),
    queryFn: ({ signal }) => getSessions(client, { signal }),
  }
}

/**
 * The policies the user can read.
 *
 * @example
 * useQuery(policiesQueryOptions(client))
 */
export function policiesQueryOptions(client: SatchelClient): ReadOptions<Policy[]> {
  return {
    queryKey: satchelKeys.policies(client.appId),
    queryFn: ({ signal }) => getPolicies(client, { signal }),
  }
}

/**
 * Each wallet with its delegated session signers.
 *
 * @example
 * useQuery(sessionSignersQueryOptions(client))
 */
export function sessionSignersQueryOptions(client: SatchelClient): ReadOptions<WalletSessionSigners[]> {
  return {
    queryKey: satchelKeys.sessionSigners(client.appId),
    queryFn: ({ signal }) => getSessionSigners(client, { signal }),
  }
}

/**
 * The recovery lock as this session sees it.
 *
 * @example
 * useQuery(recoveryStatusQueryOptions(client))
 */
export function recoveryStatusQueryOptions(client: SatchelClient): ReadOptions<RecoveryStatus> {
  return {
    queryKey: satchelKeys.recoveryStatus(client.appId),
    queryFn: ({ signal }) => getRecoveryStatus(client, { signal }),
  }
}

/**
 * The onramp providers that can sell an asset on a chain.
 *
 * @example
 * useQuery(fundingOptionsQueryOptions(client, { chainId: 8453, asset: 'USDC' }))
 */
export function fundingOptionsQueryOptions(
  client: SatchelClient,
  { chainId, asset }: Omit<GetFundingOptionsParameters, 'signal'>,
): ReadOptions<FundingOptions> {
  return {
    queryKey: satchelKeys.fundingOptions(client.appId, { chainId, asset }),
    queryFn: ({ signal }) => getFundingOptions(client, { chainId, asset, signal }),
  }
}

/**
 * Where a card purchase stands.
 *
 * @example
 * useQuery(fundingStatusQueryOptions(client, { partnerUserId }))
 */
export function fundingStatusQueryOptions(
  client: SatchelClient,
  parameters: FundingPurchase,
): ReadOptions<FundingStatus> {
  const { partnerUserId, sandboxSessionId } = parameters
  return {
    queryKey: satchelKeys.fundingStatus(
      client.appId,
      sandboxSessionId === undefined ? { partnerUserId } : { sandboxSessionId },
    ),
    queryFn: ({ signal }) => getFundingStatus(client, { ...parameters, signal }),
  }
}

/**
 * The server's simulation and verdict for a transaction.
 *
 * @example
 * useQuery(transactionScanQueryOptions(client, { transaction, chainId: 1 }))
 */
export function transactionScanQueryOptions(
  client: SatchelClient,
  { transaction, chainId, metadata }: Omit<GetTransactionScanParameters, 'signal'>,
): ReadOptions<TransactionScan> {
  return {
    queryKey: satchelKeys.transactionScan(client.appId, { transaction, chainId, metadata }),
    queryFn: ({ signal }) => getTransactionScan(client, { transaction, chainId, metadata, signal }),
  }
}

/**
 * Where a sent transaction stands.
 *
 * @example
 * useQuery(transactionStatusQueryOptions(client, { walletId, hash }))
 */
export function transactionStatusQueryOptions(
  client: SatchelClient,
  { walletId, hash }: Omit<GetTransactionStatusParameters, 'signal'>,
): ReadOptions<TransactionStatus> {
  return {
    queryKey: satchelKeys.transactionStatus(client.appId, { walletId, hash }),
    queryFn: ({ signal }) => getTransactionStatus(client, { walletId, hash, signal }),
  }
}
