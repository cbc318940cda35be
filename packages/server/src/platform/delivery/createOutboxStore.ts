import { commitWithoutWaiting } from '../db/commitWithoutWaiting'
import type { Db } from '../db/createDatabase'
import type { OutboxEntry, OutgoingMessage } from './types'

/** How many entries one read returns: enough for a test or the devnet page, bounded for a busy address. */
export const OUTBOX_READ_LIMIT = 50

export type CreateOutboxStoreReturnType = {
  /** Stores the message as it would have been sent; the recipient as given (callers normalise). */
  write(message: OutgoingMessage): Promise<void>
  /** The latest entries for one recipient of one app, newest first, at most {@link OUTBOX_READ_LIMIT}. */
  read(to: string, appId: string): Promise<OutboxEntry[]>
}

type OutboxRow = {
  // bigserial: `pg` hands int8 back as a string, PGlite as a number or bigint.
  id: string | number | bigint
  channel: string
  recipient: string
  subject: string | null
  body: string
  created_at: Date | string
}

/**
 * The dev outbox in the `dev_outbox` table: where emails and texts go when no provider is configured,
 * so a developer (or a test) can read the code that would have been sent.
 *
 * @example
 * const outbox = createOutboxStore(db)
 * await outbox.write({ channel: 'email', to: 'ada@example.com', subject: 'Code', text: '123456', appId })
 * const [latest] = await outbox.read('ada@example.com', appId)
 */
export function createOutboxStore(db: Db): CreateOutboxStoreReturnType {
  return {
    async write(message) {
      // A development convenience: an entry lost in a crash is a code asked for again.
      await db.query(
        commitWithoutWaiting(
          'insert into dev_outbox (app_id, channel, recipient, subject, body) values ($1, $2, $3, $4, $5)',
        ),
        [message.appId ?? null, message.channel, message.to, message.subject ?? null, message.text],
      )
    },
    async read(to, appId) {
      // Ordered by id, not created_at: two messages in the same transaction share a timestamp.
      const rows = await db.query<OutboxRow>(
        `select id, channel, recipient, subject, body, created_at from dev_outbox
          where recipient = $1 and app_id = $2 order by id desc limit $3`,
        [to, appId, OUTBOX_READ_LIMIT],
      )
      return rows.map((row) => ({
        id: Number(row.id),
        channel: row.channel === 'sms' ? 'sms' : 'email',
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        createdAt: new Date(row.created_at),
      }))
    },
  }
}
