import { ApiError } from '@satchel/core'
import { z } from 'zod'
import type { FundingConfig } from '../../platform/config/loadConfig'
import { parseCdpKey } from '../../platform/config/parseCdpKey'
import { fetchProvider } from '../fetchProvider'
import { createCdpJwt } from './createCdpJwt'

export type CoinbaseConfig = NonNullable<FundingConfig['coinbase']>

export type CoinbaseSessionTokenRequest = {
  addresses: Array<{ address: string; blockchains: string[] }>
  assets?: string[] | undefined
  /** The end user's IP address: Coinbase requires it for a session token. */
  clientIp: string
}

const sessionTokenSchema = z.object({ token: z.string().min(1), channel_id: z.string().optional() })

const transactionSchema = z.looseObject({
  status: z.string(),
  tx_hash: z.string().optional(),
  partner_user_ref: z.string().optional(),
  wallet_address: z.string().optional(),
  purchase_network: z.string().optional(),
  created_at: z.string().optional(),
})
export type CoinbaseTransaction = z.infer<typeof transactionSchema>

const transactionsSchema = z.object({
  transactions: z.array(transactionSchema),
  next_page_key: z.string().optional(),
  total_count: z.union([z.string(), z.number()]).optional(),
})

/**
 * The two Coinbase Onramp API calls Satchel makes, each with a fresh CDP JWT for exactly that
 * request: create a session token, and list a partnerUserRef's transactions (newest first).
 *
 * @throws {ApiError} `onramp_provider_error` when Coinbase refuses (401 for a bad JWT), fails or
 * answers something that is not the documented shape.
 * @example
 * const coinbase = createCoinbaseApi(config.funding.coinbase, ctx.now)
 * const { token } = await coinbase.createSessionToken({ addresses, clientIp: request.ip })
 */
export function createCoinbaseApi(config: CoinbaseConfig, now: () => number) {
  // Checked when the configuration was loaded; parsed once here.
  const key = parseCdpKey(config.keyId, config.privateKey)
  const base = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    const url = new URL(path, base).toString()
    const jwt = await createCdpJwt({ key, method, url, nowSeconds: Math.floor(now() / 1000) })
    const response = await fetchProvider(url, {
      method,
      headers: {
        authorization: `Bearer ${jwt}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (!response.ok)
      throw new ApiError('onramp_provider_error', {
        message: `Coinbase refused the request (HTTP ${response.status})`,
        details: describeCoinbaseError(text),
      })
    const parsed = schema.safeParse(safeJson(text))
    if (!parsed.success)
      throw new ApiError('onramp_provider_error', { message: 'Coinbase answered in an unexpected format' })
    return parsed.data
  }

  return {
    async createSessionToken(
      request: CoinbaseSessionTokenRequest,
    ): Promise<{ token: string; channelId: string }> {
      const answer = await call('POST', 'onramp/v1/token', sessionTokenSchema, {
        addresses: request.addresses,
        ...(request.assets ? { assets: request.assets } : {}),
        clientIp: request.clientIp,
      })
      return { token: answer.token, channelId: answer.channel_id ?? '' }
    },

    /** The partnerUserRef's transactions, newest first (the first page is all a status needs). */
    async listTransactions(partnerUserRef: string): Promise<CoinbaseTransaction[]> {
      const answer = await call(
        'GET',
        `onramp/v1/buy/user/${encodeURIComponent(partnerUserRef)}/transactions`,
        transactionsSchema,
      )
      return answer.transactions
    },
  }
}

export type CoinbaseApi = ReturnType<typeof createCoinbaseApi>

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

// Coinbase answers errors as {errorType|code, errorMessage|message}; only the type/code is kept for the
// log, since a message could echo request data.
function describeCoinbaseError(text: string): string | undefined {
  const body = safeJson(text)
  if (typeof body !== 'object' || body === null) return undefined
  const code = 'errorType' in body ? body.errorType : 'code' in body ? body.code : undefined
  return typeof code === 'string' ? `Coinbase error: ${code.slice(0, 100)}` : undefined
}
