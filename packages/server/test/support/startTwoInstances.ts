import { randomBytes } from 'node:crypto'
import { buildApp } from '../../src/buildApp'
import { createDatabase } from '../../src/platform/db/createDatabase'
import { createKv } from '../../src/platform/kv/createKv'
import { injectCall, startTestServer, type TestServer } from '../harness'
import { testRedisUrl } from './testKv'

export type TwoInstances = {
  first: TestServer
  /** The second instance, reached through the same helpers as the first (same app, clock, database). */
  second: TestServer
  close(): Promise<void>
}

/**
 * Two API instances as a load balancer sees them: their own database pools, Redis connections and
 * caches, over one database and one Redis (without Redis, one in-process store stands for it; with
 * PGlite, no PostgreSQL reachable, the second instance shares the one in-process database).
 *
 * @example
 * const { first, second, close } = await startTwoInstances({ SATCHEL_PUBLIC_URL: PUBLIC_URL })
 */
export async function startTwoInstances(env: Record<string, string>): Promise<TwoInstances> {
  const redisUrl = await testRedisUrl()
  const prefix = `satchel-test:${randomBytes(6).toString('hex')}:`
  const shared = createKv(redisUrl, prefix)
  const kvs = redisUrl ? [shared, createKv(redisUrl, prefix)] : [shared]
  const first = await startTestServer({ env, build: { kv: shared } })
  const secondDb = first.database.url ? await createDatabase({ url: first.database.url }) : undefined
  const server = await buildApp(first.server.satchel.config, {
    db: secondDb ?? first.database.db,
    kv: kvs[1] ?? shared,
    now: () => first.clock.now,
    logger: false,
  })
  await server.ready()
  return {
    first,
    second: { ...first, server, call: injectCall(server, first.app.id) },
    async close() {
      await server.close()
      await secondDb?.close()
      await first.close()
      for (const kv of kvs) await kv.close()
    },
  }
}
