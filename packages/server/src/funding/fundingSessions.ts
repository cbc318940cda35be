import type { OnrampProvider } from '@satchel/core'
import { emitEvent } from '../identity/webhooks/emitEvent'
import { writeAudit } from '../platform/audit/writeAudit'
import { createId } from '../platform/crypto/tokens'
import { camelizeRow } from '../platform/db/camelizeRow'
import type { Db } from '../platform/db/createDatabase'
import { type FundingStatus, fundingStatusRank } from './foldFundingStatus'

/** One attempt to fund a wallet (see migration 005_funding.sql). */
export type FundingSession = {
  id: string
  userId: string
  appId: string
  provider: OnrampProvider
  environment: 'production' | 'sandbox'
  /** What the provider knows the attempt by: partnerUserRef, externalTransactionId or sandbox session id. */
  externalRef: string
  address: string
  chainId: number | null
  asset: string | null
  amount: string | null
  status: FundingStatus
  txHash: string | null
  createdAt: Date
  updatedAt: Date
}

export type CreateFundingSessionParameters = Pick<
  FundingSession,
  'userId' | 'appId' | 'provider' | 'externalRef' | 'address'
> & {
  id?: string
  environment?: FundingSession['environment']
  chainId?: number | undefined
  asset?: string | undefined
  amount?: string | undefined
  /** Facts for support (addresses, networks, currency code): never a key or a token. */
  details?: Record<string, unknown>
  now: number
}

type Row = {
  id: string
  user_id: string
  app_id: string
  provider: OnrampProvider
  environment: FundingSession['environment']
  external_ref: string
  address: string
  chain_id: string | number | null
  asset: string | null
  amount: string | null
  status: FundingStatus
  tx_hash: string | null
  created_at: Date
  updated_at: Date
}

/**
 * Records a new funding session, `pending`.
 *
 * @example
 * const session = await createFundingSession(ctx.db, { userId, appId, provider: 'sandbox', externalRef: id, address, now: ctx.now() })
 */
export async function createFundingSession(
  db: Db,
  parameters: CreateFundingSessionParameters,
): Promise<FundingSession> {
  const [row] = await db.query<Row>(
    `insert into funding_sessions
       (id, user_id, app_id, provider, environment, external_ref, address, chain_id, asset, amount, details, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     returning *`,
    [
      parameters.id ?? createId('fund'),
      parameters.userId,
      parameters.appId,
      parameters.provider,
      parameters.environment ?? 'production',
      parameters.externalRef,
      parameters.address,
      parameters.chainId ?? null,
      parameters.asset ?? null,
      parameters.amount ?? null,
      JSON.stringify(parameters.details ?? {}),
      new Date(parameters.now),
    ],
  )
  if (!row) throw new Error('funding session insert returned no row')
  await writeAudit(db, {
    appId: parameters.appId,
    userId: parameters.userId,
    action: 'funding.session_created',
    outcome: 'success',
    details: { funding_session_id: row.id, provider: row.provider, chain_id: parameters.chainId ?? null },
  })
  return toSession(row)
}

/**
 * The session a provider reference names, optionally only if it is the given user's (status routes
 * answer another user's reference as unknown).
 *
 * @example
 * const session = await findFundingSession(ctx.db, 'moonpay', externalTransactionId, auth.userId)
 */
export async function findFundingSession(
  db: Db,
  provider: OnrampProvider,
  externalRef: string,
  userId?: string,
): Promise<FundingSession | undefined> {
  const [row] = await db.query<Row>(
    'select * from funding_sessions where provider = $1 and external_ref = $2',
    [provider, externalRef],
  )
  if (!row || (userId !== undefined && row.user_id !== userId)) return undefined
  return toSession(row)
}

/**
 * Moves a session forward to `status` if that ranks higher than where it is (pending < processing <
 * success | failure), and records the transaction hash that came with it. The rank is compared inside
 * the UPDATE, so two events racing on one row (a webhook and a poll, two API instances) still give
 * one monotonic result. Answers the session as it is afterwards.
 *
 * @example
 * const session = await advanceFundingSession(ctx.db, id, { status: 'success', txHash, now: ctx.now() })
 */
export async function advanceFundingSession(
  db: Db,
  id: string,
  update: { status: FundingStatus; txHash?: string | undefined; now: number },
): Promise<FundingSession | undefined> {
  const txHash = update.txHash ?? null
  const changed = await db.query<Row>(
    `update funding_sessions
        set status = $2, tx_hash = coalesce($3, tx_hash), updated_at = $4
      where id = $1
        and ((case status when 'pending' then 0 when 'processing' then 1 else 2 end) < $5
             or (status = $2 and tx_hash is null and $3::text is not null))
      returning *`,
    [id, update.status, txHash, new Date(update.now), fundingStatusRank[update.status]],
  )
  const [row] = changed
  if (row && (row.status === 'success' || row.status === 'failure')) {
    const type = row.status === 'success' ? 'funding.succeeded' : 'funding.failed'
    const event = {
      user_id: row.user_id,
      funding_session_id: row.id,
      provider: row.provider,
      tx_hash: row.tx_hash,
    }
    await emitEvent({ db, now: () => update.now }, row.app_id, type, event)
  }
  if (row) {
    await writeAudit(db, {
      appId: row.app_id,
      userId: row.user_id,
      action: 'funding.status_changed',
      outcome: row.status === 'failure' ? 'failure' : 'success',
      details: {
        funding_session_id: row.id,
        provider: row.provider,
        status: row.status,
        tx_hash: row.tx_hash,
      },
    })
    return toSession(row)
  }
  const [current] = await db.query<Row>('select * from funding_sessions where id = $1', [id])
  return current && toSession(current)
}

/** `details` (what the provider sent) stays in the database: it is not part of the session. */
function toSession({ chain_id, details: _details, ...row }: Row & { details?: unknown }): FundingSession {
  return { ...camelizeRow(row), chainId: chain_id === null ? null : Number(chain_id) }
}
