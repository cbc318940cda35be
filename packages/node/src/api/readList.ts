import { z } from 'zod'

const listSchema = z.object({ data: z.array(z.unknown()) })

/**
 * A reader of a list answer (`{data: [...]}`), each item read by `read`.
 *
 * @example
 * const policies = await requestJson(context, { method: 'GET', path }, readList(toPolicy))
 */
export function readList<Item>(read: (item: unknown) => Item): (body: unknown) => Item[] {
  return (body) => listSchema.parse(body).data.map(read)
}
