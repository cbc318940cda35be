import { z } from 'zod'

const pageSchema = z.object({ data: z.array(z.unknown()), next_cursor: z.string().nullable() })

/**
 * A reader of one page of a paged answer (`{data, next_cursor}`), each item read by `read`; the
 * caller names the items (`users`, `deliveries`).
 *
 * @example
 * const { items, nextCursor } = await requestJson(context, { method: 'GET', path }, readPage(toAdminUser))
 */
export function readPage<Item>(
  read: (item: unknown) => Item,
): (body: unknown) => { items: Item[]; nextCursor: string | null } {
  return (body) => {
    const page = pageSchema.parse(body)
    return { items: page.data.map(read), nextCursor: page.next_cursor }
  }
}
