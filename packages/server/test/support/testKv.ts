import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { createKv, type Kv } from '../../src/platform/kv/createKv'

const TEST_REDIS_URL = process.env.SATCHEL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let reachable: Promise<boolean> | undefined

/** True when the local Redis answers; tests then use it, the in-process store otherwise. */
export function isRedisReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const redis = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
    })
    redis.on('error', () => {})
    try {
      await redis.connect()
      return (await redis.ping()) === 'PONG'
    } catch {
      return false
    } finally {
      redis.disconnect()
    }
  })()
  return reachable
}

/** A store for one test file, under its own key prefix so parallel files never collide. */
export async function createTestKv(kind: 'auto' | 'memory' = 'auto'): Promise<Kv> {
  const useRedis = kind === 'auto' && (await isRedisReachable())
  return createKv(useRedis ? TEST_REDIS_URL : undefined, `satchel-test:${randomBytes(6).toString('hex')}:`)
}

export async function testRedisUrl(): Promise<string | undefined> {
  return (await isRedisReachable()) ? TEST_REDIS_URL : undefined
}
