import { ApiError } from '@satchel/core'
import { z } from 'zod'

/**
 * Where a keyset page ends: the last row's `(created_at, id)`; the next page starts after it. `at` is
 * the time in microseconds since the epoch, as {@link PAGE_CURSOR_AT} selects it: a JavaScript Date
 * would round it to milliseconds and the next page would repeat the row.
 */
export type PageCursor = { at: string; id: string }

const cursorJson = z.tuple([z.string().regex(/^\d{1,16}$/), z.string().min(1).max(64)])

/**
 * The opaque cursor a list answers as `next_cursor`. It names a position, not an offset, so rows
 * inserted between two pages neither repeat nor push a row off the next page.
 *
 * @example
 * encodePageCursor({ at: row.cursor_at, id: row.id }) // 'WyIxNzk1NzYwMDAwMTIzNDU2IiwidXNyXzEiXQ'
 */
export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url')
}

/**
 * A cursor a client sent back, or `invalid_data` for anything {@link encodePageCursor} did not make.
 *
 * @example
 * const after = request.query.cursor ? decodePageCursor(request.query.cursor) : undefined
 */
export function decodePageCursor(cursor: string): PageCursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    parsed = undefined
  }
  const result = cursorJson.safeParse(parsed)
  if (!result.success) throw new ApiError('invalid_data', { message: 'Invalid request data: cursor' })
  return { at: result.data[0], id: result.data[1] }
}

/** The SQL of a row's cursor time (`created_at` in exact microseconds), selected `as cursor_at`. */
export const PAGE_CURSOR_AT = '(extract(epoch from created_at) * 1000000)::bigint::text'

/** The SQL condition "after the cursor" on `(created_at, id)`, with the cursor's `at` and `id` as $n, $n+1. */
export function afterPageCursor(n: number): string {
  return `(created_at, id) > ('epoch'::timestamptz + $${n}::bigint * interval '1 microsecond', $${n + 1})`
}

/** The `cursor` and `limit` query fields every admin list takes (limit 1..100, default 50). */
export const pageQueryFields = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
}
