import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from '../../src/platform/db/createDatabase'

/**
 * A database that counts the PostgreSQL round trips made on behalf of `during(fn)` and nothing else
 * (the server's pollers run outside it). One `query` is one round trip, as the driver sends it (one
 * extended-protocol exchange); a transaction adds its `begin` and `commit`. The same rule the login
 * bench's counting proxy applies on the wire.
 *
 * @example
 * const counted = countRoundTrips(database.db)
 * const trips = await counted.during(() => t.call('POST', '/api/v1/sessions', { body }))
 */
export function countRoundTrips(db: Db) {
  const counter = new AsyncLocalStorage<{ trips: number }>()
  const add = (n: number) => {
    const count = counter.getStore()
    if (count) count.trips += n
  }
  const wrap = (q: Db): Db => ({
    query: (sql, params) => {
      add(1)
      return q.query(sql, params)
    },
    transaction: (fn) => {
      add(2)
      return q.transaction((tx) => fn(wrap(tx)))
    },
  })
  return {
    db: wrap(db),
    /** Runs `fn` and answers its result with the round trips it made. */
    async during<T>(fn: () => PromiseLike<T>): Promise<{ result: T; trips: number }> {
      const count = { trips: 0 }
      // `then` is called inside the context: an awaited thenable (fastify's inject) would otherwise
      // start its work in a job that has lost it.
      const result = await counter.run(
        count,
        () => new Promise<T>((resolve, reject) => fn().then(resolve, reject)),
      )
      return { result, trips: count.trips }
    },
  }
}
