import { type Camelized, camelize } from '@satchel/core/admin'
import { z } from 'zod'
import { requestJson } from '../api/requestJson'
import { toQuery } from '../api/toQuery'
import type { SatchelNodeContext } from '../types'

export type ListAuditEntriesParameters = {
  cursor?: string | undefined
  limit?: number | undefined
  userId?: string | undefined
  walletId?: string | undefined
  /** An action (`wallet.rpc`) or a prefix (`login.*`). */
  action?: string | undefined
  outcome?: 'started' | 'success' | 'failure' | 'denied' | 'revoked' | undefined
  from?: Date | undefined
  to?: Date | undefined
}

const pageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      actor: z.record(z.string(), z.unknown()).nullable(),
      user_id: z.string().nullable(),
      wallet_id: z.string().nullable(),
      action: z.string(),
      outcome: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  next_cursor: z.string().nullable(),
})

/**
 * One audit entry: who did what, to which user and wallet, and how it ended. `actor` is
 * `{ kind: 'app_secret', id }`, `{ kind: 'user', user_id }`, an operator, or null when unknown; it
 * and `details` are as recorded.
 */
export type AuditEntry = Camelized<z.infer<typeof pageSchema>['data'][number]>

/**
 * A page of the app's audit log, newest first (`GET /api/v1/audit`), and the next page's cursor.
 *
 * @example
 * const { entries } = await listAuditEntries(context, { userId, action: 'wallet.rpc', outcome: 'denied' })
 */
export async function listAuditEntries(
  context: SatchelNodeContext,
  parameters: ListAuditEntriesParameters = {},
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const path = `/api/v1/audit?${toQuery(parameters)}`
  const page = await requestJson(context, { method: 'GET', path }, pageSchema.parse)
  return { entries: camelize(page.data, ['actor', 'details']), nextCursor: page.next_cursor }
}
