import type { OnrampProvider } from '@satchel/core'
import { z } from 'zod'
import { readCoinbaseStatus } from './coinbase/readCoinbaseStatus'
import type { FundingStatus } from './foldFundingStatus'
import { readMoonpayStatus } from './moonpay/readMoonpayStatus'
import { readTxHash } from './readTxHash'

/** What a verified webhook says about one funding session. */
export type WebhookEvent = {
  /** The provider's reference of the session (partnerUserRef, externalTransactionId, session id). */
  externalRef: string | undefined
  status: FundingStatus | undefined
  txHash?: string | undefined
}

const coinbaseEvent = z.looseObject({
  eventType: z.string().optional(),
  partnerUserRef: z.string().optional(),
  status: z.string().optional(),
  txHash: z.string().nullish(),
})

const moonpayEvent = z.looseObject({
  type: z.string(),
  data: z.looseObject({
    externalTransactionId: z.string().nullish(),
    status: z.string().optional(),
    cryptoTransactionId: z.string().nullish(),
  }),
})

const sandboxEvent = z.looseObject({
  type: z.string(),
  session_id: z.string(),
  status: z.enum(['processing', 'success', 'failure']),
  tx_hash: z.string().nullish(),
})

/**
 * Reads a verified webhook body into the session it is about and the status it reports. Bodies
 * that are not the provider's documented shape answer `undefined` (acknowledged, ignored).
 *
 * @example
 * readWebhookEvent('moonpay', { type: 'transaction_failed', data: { externalTransactionId: 'mptx_1', status: 'failed' } })
 * // { externalRef: 'mptx_1', status: 'failure' }
 */
export function readWebhookEvent(provider: OnrampProvider, body: unknown): WebhookEvent | undefined {
  switch (provider) {
    case 'coinbase': {
      const event = coinbaseEvent.safeParse(body)
      if (!event.success) return undefined
      return {
        externalRef: event.data.partnerUserRef,
        status: readCoinbaseStatus(event.data.status, event.data.eventType),
        txHash: readTxHash(event.data.txHash),
      }
    }
    case 'moonpay': {
      const event = moonpayEvent.safeParse(body)
      if (!event.success) return undefined
      const read =
        event.data.type === 'transaction_failed'
          ? { status: 'failure' as const }
          : readMoonpayStatus([event.data.data])
      return {
        externalRef: event.data.data.externalTransactionId ?? undefined,
        status: read?.status,
        txHash: read?.status === 'success' ? readTxHash(event.data.data.cryptoTransactionId) : undefined,
      }
    }
    case 'sandbox': {
      const event = sandboxEvent.safeParse(body)
      if (!event.success) return undefined
      return {
        externalRef: event.data.session_id,
        status: event.data.status,
        txHash: readTxHash(event.data.tx_hash),
      }
    }
  }
}
