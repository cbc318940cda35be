import { ApiError } from '@satchel/core'
import { z } from 'zod'
import type { MoonpayEnvironmentConfig } from '../../platform/config/loadConfig'
import { fetchProvider } from '../fetchProvider'

const transactionSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  externalTransactionId: z.string().nullish(),
  cryptoTransactionId: z.string().nullish(),
})

export type MoonpayTransaction = z.infer<typeof transactionSchema>

/**
 * MoonPay's transactions for an externalTransactionId: `GET /v1/transactions/ext/{id}?apiKey=...`,
 * which answers an ARRAY, and 404 until the user has started paying (answered here as `[]`).
 *
 * @throws {ApiError} `onramp_provider_error` for any other failure or an unexpected shape.
 * @example
 * const transactions = await getMoonpayTransactions(config.funding.moonpay.production, 'mptx_...')
 */
export async function getMoonpayTransactions(
  config: MoonpayEnvironmentConfig,
  externalTransactionId: string,
): Promise<MoonpayTransaction[]> {
  const url = new URL(
    `v1/transactions/ext/${encodeURIComponent(externalTransactionId)}`,
    withSlash(config.apiUrl),
  )
  url.searchParams.set('apiKey', config.publishableKey)
  const response = await fetchProvider(url.toString(), { headers: { accept: 'application/json' } })
  if (response.status === 404) return []
  if (!response.ok)
    throw new ApiError('onramp_provider_error', {
      message: `MoonPay refused the request (HTTP ${response.status})`,
    })
  const parsed = z.array(transactionSchema).safeParse(await response.json().catch(() => undefined))
  if (!parsed.success)
    throw new ApiError('onramp_provider_error', { message: 'MoonPay answered in an unexpected format' })
  return parsed.data
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)
