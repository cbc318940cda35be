import { buildCoinbaseOnrampUrl, type CoinbaseOnrampAsset } from '@satchel/core'
import type { SatchelClient } from '../createSatchelClient'
import { readString } from '../parse'
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
  const url = buildCoinbaseOnrampUrl({
    appId: readString(answer, 'appId', path),
    sessionToken: readString(answer, 'sessionToken', path),
    partnerUserId,
    asset,
    network,
    ...(amount === undefined ? {} : { amount }),
  })
  return { url, partnerUserId }
}

/**
 * Where a card purchase stands.
 *
 * @example
 * await getFundingStatus(client, { partnerUserId }) // 'pending' | 'success' | 'failure'
 */
export async function getFundingStatus(
  client: SatchelClient,
  { partnerUserId }: { partnerUserId: string },
): Promise<'pending' | 'success' | 'failure'> {
  const path = '/api/v1/funding/coinbase_on_ramp/status'
  const answer = await requireFeature(feature, () =>
    client.request({ method: 'GET', path, query: { partnerUserId }, auth: true }),
  )
  const status = readString(answer, 'status', path)
  return status === 'success' || status === 'failure' ? status : 'pending'
}
