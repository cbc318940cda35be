import { createHash, randomUUID } from 'node:crypto'
import { ApiError } from '@satchel/core'
import canonicalize from 'canonicalize'
import type { ServerContext } from '../identity/context'
import type { Db } from '../platform/db/createDatabase'

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

/**
 * Given to `run`. `bind` stores, before an effect that cannot be undone (a broadcast), the answer a
 * retry gets should this attempt die or fail afterwards; it throws when another attempt owns the key
 * now, so the effect does not happen twice. `unbind` takes it back when the effect did not happen after
 * all. Without an idempotency key both do nothing.
 */
export type AnswerBinding<T> = {
  /** `db`: a transaction to bind in, so the answer is stored together with what it names (or not at all). */
  bind(answer: T, db?: Db): Promise<void>
  unbind(): Promise<void>
}

/** Stored answers are kept this long; a key may be reused for a new request after that. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000
/**
 * A retry that arrives while the first request is still running waits this long for its answer (a
 * server built with `waitForFirstAttemptMs` waits that long instead: tests that need not sit out 30 s).
 */
export const WAIT_FOR_FIRST_MS = 30_000
/**
 * An attempt with no answer and nothing bound after this long is taken to have died (its process
 * was killed before it signed anything): a retry takes the key over. Should it be alive after all,
 * its bind then fails (the key has a new owner), so it stops before anything leaves.
 */
export const ABANDONED_AFTER_MS = 60_000
const POLL_MS = 50
const UNBOUND: AnswerBinding<never> = { bind: async () => {}, unbind: async () => {} }

/**
 * Runs `run` once per idempotency key: the first request runs and its answer is stored; a retry with
 * the same key and body gets that answer without running again (so a send is never sent twice); a
 * retry during the first waits for it; the same key with another body is `invalid_data`. When `run`
 * fails before binding an answer the key is released, so the client may retry after fixing the
 * cause; once it has bound one (a transaction about to leave), every retry gets that answer, whether
 * the first attempt failed, hung or died. Keys live in the database, so retries are recognised by
 * every instance.
 *
 * @example
 * const { value } = await withIdempotency(ctx, { scope: walletId, key, body, parse }, (bind) => send(bind))
 */
export async function withIdempotency<T>(
  ctx: ServerContext,
  { scope, key, body, parse }: WithIdempotencyParameters<T>,
  run: (binding: AnswerBinding<T>) => Promise<T>,
): Promise<WithIdempotencyReturnType<T>> {
  if (key === undefined) return { value: await run(UNBOUND), replayed: false }
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
  // Names this process, so a retry sees within seconds that the process died (startAttemptLiveness).
  const owner = ctx.attemptLiveness?.owner() ?? randomUUID()
  const claim = () =>
    ctx.db.query(
      `insert into wallet_idempotent_requests (scope, idempotency_key, request_hash, created_at, owner)
       values ($1, $2, $3, $4, $5) on conflict do nothing returning scope`,
      [scope, key, requestHash, new Date(ctx.now()), owner],
    )
  let [inserted] = await claim()
  if (!inserted) {
    const deadline = Date.now() + (ctx.waitForFirstAttemptMs ?? WAIT_FOR_FIRST_MS)
    for (;;) {
      const answer = await takeOverOrRead(ctx, scope, key, requestHash)
      if (answer === 'free') {
        ;[inserted] = await claim()
        if (inserted) break
      } else if (answer !== undefined) return { value: parse(answer), replayed: true }
      if (Date.now() >= deadline)
        throw new ApiError('replayed_request', {
          message: 'A request with this idempotency key is still in progress',
        })
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  const where = 'scope = $1 and idempotency_key = $2 and owner = $3'
  const binding: AnswerBinding<T> = {
    async bind(answer, db = ctx.db) {
      const [bound] = await db.query(
        `update wallet_idempotent_requests set bound_response = $4
         where ${where} and bound_response is null and response is null returning scope`,
        [scope, key, owner, JSON.stringify(answer)],
      )
      if (!bound)
        throw new ApiError('replayed_request', {
          message: 'A request with this idempotency key is being answered by another attempt',
        })
    },
    async unbind() {
      await ctx.db.query(`update wallet_idempotent_requests set bound_response = null where ${where}`, [
        scope,
        key,
        owner,
      ])
    },
  }
  let value: T
  try {
    value = await run(binding)
  } catch (error) {
    // Nothing bound: nothing left, so the key is free again. Bound: the transaction may have left,
    // and a retry gets its hash (the reconciler sees it to the chain), never a new transaction.
    await ctx.db
      .query(
        `with released as (delete from wallet_idempotent_requests where ${where} and bound_response is null)
         update wallet_idempotent_requests set response = bound_response where ${where} and bound_response is not null`,
        [scope, key, owner],
      )
      .catch((storeError: unknown) => ctx.log.error({ err: storeError, scope }, 'idempotent key not settled'))
    throw error
  }
  // `run` had its effect (a transaction may have left): failing to store its answer must not turn it
  // into an error that invites a retry without the key. A retry with the key then gets the bound
  // answer, or is refused as still in progress; it never runs again once something was bound.
  await ctx.db
    .query(`update wallet_idempotent_requests set response = $4 where ${where}`, [
      scope,
      key,
      owner,
      JSON.stringify(value),
    ])
    .catch((error: unknown) => ctx.log.error({ err: error, scope }, 'idempotent answer not stored'))
  return { value, replayed: false }
}

/**
 * For a key another attempt holds: its answer when there is one (stored, or bound by an attempt that
 * has since been abandoned), `'free'` when an abandoned attempt bound nothing (its row is removed),
 * undefined while it may still be running.
 */
async function takeOverOrRead(
  ctx: ServerContext,
  scope: string,
  key: string,
  requestHash: Buffer,
): Promise<unknown> {
  const answer = await readStored(ctx, scope, key, requestHash)
  if (answer !== undefined) return answer
  const abandonedBefore = new Date(ctx.now() - ABANDONED_AFTER_MS)
  const [row] = await ctx.db.query<{ bound_response: unknown; created_at: Date; owner: string | null }>(
    `select bound_response, created_at, owner from wallet_idempotent_requests
     where scope = $1 and idempotency_key = $2 and response is null`,
    [scope, key],
  )
  if (!row) return 'free'
  // Abandoned: older than ABANDONED_AFTER_MS, or at once when its process holds no lease (killed).
  const processDied = row.owner !== null && (await ctx.attemptLiveness?.isAlive(row.owner)) === false
  if (row.created_at >= abandonedBefore && !processDied) return undefined
  if (row.bound_response !== null && row.bound_response !== undefined) {
    await ctx.db.query(
      `update wallet_idempotent_requests set response = bound_response
       where scope = $1 and idempotency_key = $2 and response is null`,
      [scope, key],
    )
    return row.bound_response
  }
  await ctx.db.query(
    `delete from wallet_idempotent_requests
     where scope = $1 and idempotency_key = $2 and response is null and bound_response is null
       and (created_at < $3 or owner = $4)`,
    [scope, key, abandonedBefore, row.owner],
  )
  return 'free'
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
