/**
 * `sql` (one INSERT, UPDATE or DELETE without a RETURNING clause of its own) set to commit without
 * waiting for its write-ahead log to reach the disk (`synchronous_commit = off` for that statement's
 * transaction only). The wait is a disk flush, several milliseconds on a small server: most of what a
 * one-row write costs. Only for writes whose loss in a crash costs a person a retry and nothing else:
 * a one-time code (ask for another), a dev outbox entry. Never for a session, an audit entry or a
 * spent credential. Crash-safe all the same: the row is never half written, and any later commit that
 * does wait flushes it too.
 *
 * @example
 * await db.query(commitWithoutWaiting('insert into dev_outbox (body) values ($1)'), [text])
 */
export function commitWithoutWaiting(sql: string): string {
  // set_config(…, true) lasts until the end of the statement's own transaction; the server reads the
  // setting when it commits, after the RETURNING clause has run.
  return `${sql} returning set_config('synchronous_commit', 'off', true)`
}
