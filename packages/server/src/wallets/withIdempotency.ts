import { createHash } from 'node:crypto'
import { ApiError } from '@satchel/core'
import canonicalize from 'canonicalize'
import type { ServerContext } from '../identity/context'

export type WithIdempotencyParameters<T> = {
  /** Whose keys these are: the wallet id for wallet RPC, `user:<id>` for wallet creation. */
  scope: string
  /** The `satchel-idempotency-key` header; without one, `run` simply runs. */
  key: string | undefined
  /** The request body: a key reused with another body is refused. */
  body: unknown
  /** Reads a stored answer back (it went through JSON). */
  parse: (stored: unknown) => T
}

export type WithIdempotencyReturnType<T> = { value: T; replayed: boolean }

/** Stored answers are kept this long; a key may be reused for a new request after that. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000
// A retry that arrives while the first request is still running waits this long for its answer.
const WAIT_FOR_FIRST_MS = 30_000
const POLL_MS = 50

/**
 * Runs `run` once per idempotency key: the first request runs and its answer is stored; a retry with
 * the same key and body gets that answer without running again (so a send is never sent twice); a
 * retry during the first waits for it; the same key with another body is `invalid_data`. When `run`
 * fails the key is released, so the client may retry after fixing the cause. Keys live in the
 * database, so retries are recognised by every instance.
 *
 * @example
 * const { value } = await withIdempotency(ctx, { scope: walletId, key, body, parse }, () => send())
 */
export async function withIdempotency<T>(
  ctx: ServerContext,
  { scope, key, body, parse }: WithIdempotencyParameters<T>,
  run: () => Promise<T>,
): Promise<WithIdempotencyReturnType<T>> {
  if (key === undefined) return { value: await run(), replayed: false }
  const requestHash = createHash('sha256')
    .update(canonicalize(body ?? null) ?? '')
    .digest()

  const stored = await readStored(ctx, scope, key, requestHash)
  if (stored !== undefined) return { value: parse(stored), replayed: true }

  // Expired entries of keys never reused are swept now and then (about one request in a hundred).
  if (Math.random() < 0.01) {
    void ctx.db
      .query('delete from wallet_idempotent_requests where created_at < $1', [
        new Date(ctx.now() - IDEMPOTENCY_RETENTION_MS),
      ])
      .catch(() => {})
  }
  const [inserted] = await ctx.db.query(
    `insert into wallet_idempotent_requests (scope, idempotency_key, request_hash, created_at)
     values ($1, $2, $3, $4) on conflict do nothing returning scope`,
    [scope, key, requestHash, new Date(ctx.now())],
  )
  if (!inserted) {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      const answer = await readStored(ctx, scope, key, requestHash)
      if (answer !== undefined) return { value: parse(answer), replayed: true }
    }
    throw new ApiError('replayed_request', {
      message: 'A request with this idempotency key is still in progress',
    })
  }

  let value: T
  try {
    value = await run()
  } catch (error) {
    await ctx.db.query('delete from wallet_idempotent_requests where scope = $1 and idempotency_key = $2', [
      scope,
      key,
    ])
    throw error
  }
  // `run` had its effect (a transaction may have left): failing to store its answer must not turn it
  // into an error that invites a retry without the key. A retry with the key then waits and is refused
  // as still in progress; it never runs again.
  await ctx.db
    .query('update wallet_idempotent_requests set response = $3 where scope = $1 and idempotency_key = $2', [
      scope,
      key,
      JSON.stringify(value),
    ])
    .catch((error: unknown) => ctx.log.error({ err: error, scope }, 'idempotent answer not stored'))
  return { value, replayed: false }
}

/**
 * The stored answer for a key (undefined while none), after checking that the body is the same one.
 * An expired entry is removed so the key starts afresh.
 */
async function readStored(
  ctx: ServerContext,
  scope: string,
  key: string,
  requestHash: Buffer,
): Promise<unknown> {
  const [row] = await ctx.db.query<{ request_hash: Uint8Array; response: unknown; created_at: Date }>(
    'select request_hash, response, created_at from wallet_idempotent_requests where scope = $1 and idempotency_key = $2',
    [scope, key],
  )
  if (!row) return undefined
  if (ctx.now() - row.created_at.getTime() > IDEMPOTENCY_RETENTION_MS) {
    await ctx.db.query(
      'delete from wallet_idempotent_requests where scope = $1 and idempotency_key = $2 and created_at = $3',
      [scope, key, row.created_at],
    )
    return undefined
  }
  if (!Buffer.from(row.request_hash).equals(requestHash)) {
    throw new ApiError('invalid_data', {
      message: 'This idempotency key was used with a different request body',
    })
  }
  return row.response ?? undefined
}
