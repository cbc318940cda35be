import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/createDatabase'
import { type AuditEntry, writeAudit } from './writeAudit'

/**
 * Appends an entry to the audit log for something that has already happened (or been refused), and
 * never throws: an entry that cannot be stored is logged (its action and outcome, never its details),
 * and the request is answered as it went. An audit write must not turn a change that was made into an
 * error that invites the client to make it again.
 *
 * @example
 * await recordAudit(ctx, { appId, userId, action: 'wallet.signers.update', outcome: 'success', details })
 */
export async function recordAudit(ctx: { db: Db; log: FastifyBaseLogger }, entry: AuditEntry): Promise<void> {
  try {
    await writeAudit(ctx.db, entry)
  } catch (error) {
    ctx.log.error({ err: error, action: entry.action, outcome: entry.outcome }, 'audit entry lost')
  }
}
