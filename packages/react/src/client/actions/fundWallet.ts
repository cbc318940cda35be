import { buildCoinbaseOnrampUrl, type CoinbaseOnrampAsset } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { isRecord, readString } from '../parse'
import type { ReadParameters } from './readParameters'
import { requireFeature } from './requireFeature'
import { getWallet, type WalletSelector } from './walletRpc'

export type FundWalletParameters = WalletSelector & {
  /** Default `ETH`. */
  asset?: CoinbaseOnrampAsset | undefined
  /** Coinbase's network name, e.g. `base`. Default `ethereum`. */
  network?: string | undefined
  /** The crypto amount to preset. */
  amount?: string | number | undefined
}

export type FundWalletReturnType = { url: string; partnerUserId: string }

const feature = 'Funding with a card'

/**
 * Prepares a card purchase into an embedded wallet: the server opens an onramp session and the URL of
 * the provider's buy page is built from it. The caller opens it (see `useFundWallet`).
 *
 * @example
 * const { url } = await fundWallet(client, { asset: 'USDC', network: 'base', amount: 20 })
 */
export async function fundWallet(
  client: SatchelClient,
  { wallet, asset = 'ETH', network = 'ethereum', amount }: FundWalletParameters,
): Promise<FundWalletReturnType> {
  const { address } = getWallet(client, { wallet })
  const path = '/api/v1/funding/coinbase_on_ramp/init'
  const answer = await requireFeature(feature, () =>
    client.request({
      method: 'POST',
      path,
      body: { addresses: [{ address, blockchains: [network] }], assets: [asset] },
      auth: true,
    }),
  )
  const partnerUserId = readString(answer, 'partnerUserId', path)
  // The server names its buy page (COINBASE_PAY_URL, e.g. Coinbase's sandbox); a server that does
  // not leaves Coinbase's production page.
  const baseUrl =
    isRecord(answer) && typeof answer.onrampBaseUrl === 'string' ? answer.onrampBaseUrl : undefined
  const url = buildCoinbaseOnrampUrl({
    baseUrl,
    appId: readString(answer, 'appId', path),
    sessionToken: readString(answer, 'sessionToken', path),
    partnerUserId,
    asset,
    network,
    ...(amount === undefined ? {} : { amount }),
  })
  return { url, partnerUserId }
}

/** Where a card purchase stands; `txHash` once the provider reports the payout's transaction. */
export type FundingStatus = { status: 'pending' | 'success' | 'failure'; txHash: string | undefined }

/** Which purchase: Coinbase's by `partnerUserId`, or the sandbox card's by `sandboxSessionId`. */
export type FundingPurchase =
  | {
      /** Coinbase: from `fundWallet`'s answer. */
      partnerUserId: string
      sandboxSessionId?: undefined
    }
  | {
      /** The sandbox card: from `startSandboxCheckout`'s answer. */
      sandboxSessionId: string
      partnerUserId?: undefined
    }

export type GetFundingStatusParameters = ReadParameters & FundingPurchase

/**
 * Where a card purchase stands: Coinbase's (by `partnerUserId`) or the sandbox card's (by
 * `sandboxSessionId`). Anything but `success` or `failure` reads `pending`.
 *
 * @example
 * await getFundingStatus(client, { partnerUserId }) // { status: 'pending', txHash: undefined }
 */
export async function getFundingStatus(
  client: SatchelClient,
  { partnerUserId, sandboxSessionId, signal }: GetFundingStatusParameters,
): Promise<FundingStatus> {
  const answer =
    sandboxSessionId === undefined
      ? await requireFeature(feature, () =>
          client.request({
            method: 'GET',
            path: '/api/v1/funding/coinbase_on_ramp/status',
            query: { partnerUserId },
            auth: true,
            signal,
          }),
        )
      : await client.request({
          method: 'GET',
          path: '/api/v1/funding/sandbox/status',
          query: { sessionId: sandboxSessionId },
          auth: true,
          signal,
        })
  const status = isRecord(answer) ? answer.status : undefined
  return {
    status: status === 'success' || status === 'failure' ? status : 'pending',
    txHash: isRecord(answer) && typeof answer.txHash === 'string' ? answer.txHash : undefined,
  }
}
