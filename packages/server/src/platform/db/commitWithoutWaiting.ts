/**
 * `sql` (one INSERT, UPDATE or DELETE, with or without a RETURNING list of its own, which must end the
 * statement) set to commit without waiting for its write-ahead log to reach the disk
 * (`synchronous_commit = off` for that statement's transaction only). The wait is a disk flush,
 * several milliseconds on a small server: most of what a one-row write costs. Only for writes whose
 * loss in a crash costs a person a retry and nothing else: a one-time code (ask for another), a dev
 * outbox entry, a login code's spending (the login it leads to waits, and that flushes the spending
 * with it; a crash before then leaves the code to the same person once more). Never for a session, an
 * audit entry or a credential spent on its own. Crash-safe all the same: the row is never half
 * written, and any later commit that does wait flushes it too.
 *
 * @example
 * await db.query(commitWithoutWaiting('insert into dev_outbox (body) values ($1)'), [text])
 * await db.query(commitWithoutWaiting('delete from verification_codes where id = $1 returning id'), [id])
 */
export function commitWithoutWaiting(sql: string): string {
  // set_config(…, true) lasts until the end of the statement's own transaction; the server reads the
  // setting when it commits, after the RETURNING clause has run.
  const setting = `set_config('synchronous_commit', 'off', true)`
  return /\sreturning\s/i.test(sql) ? `${sql}, ${setting}` : `${sql} returning ${setting}`
}
