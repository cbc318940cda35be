import { createId } from '../platform/crypto/tokens'
import type { Kv } from '../platform/kv/createKv'

/**
 * Which process runs an idempotent attempt, and whether that process is still alive. Each server
 * process renews a lease in the shared store every second (3 s to live); an attempt's owner id names
 * its process. A retry that finds a key held by an attempt whose process has no lease takes the key
 * over within seconds of a kill -9, instead of waiting out {@link ABANDONED_AFTER_MS}.
 */
export type AttemptLiveness = {
  /** A new owner id for an attempt of this process. */
  owner(): string
  /** False when the process that made `owner` holds no lease (it died); undefined when unknown. */
  isAlive(owner: string): Promise<boolean | undefined>
  stop(): Promise<void>
}

const RENEW_MS = 1_000
const LEASE_SECONDS = 3
const key = (processId: string) => `attempt-process:${processId}`

/**
 * Starts this process's lease. A process whose event loop stalls past the lease may see its attempt
 * taken over while it still runs: its later bind then fails (the key has a new owner), so nothing
 * leaves twice; the cost is one clean error, never a second transaction.
 *
 * @example
 * const liveness = startAttemptLiveness(kv)
 * const owner = liveness.owner() // 'proc_abc:2f6c...'
 */
export function startAttemptLiveness(kv: Kv): AttemptLiveness {
  const processId = createId('proc')
  const renew = () => kv.set(key(processId), '1', LEASE_SECONDS).catch(() => {})
  let renewed = renew()
  const timer = setInterval(() => {
    renewed = renew()
  }, RENEW_MS)
  timer.unref()
  return {
    owner: () => `${processId}:${crypto.randomUUID()}`,
    async isAlive(owner) {
      const [id, rest] = owner.split(':')
      if (!id?.startsWith('proc_') || rest === undefined) return undefined
      if (id === processId) return true
      try {
        return (await kv.get(key(id))) !== undefined
      } catch {
        return undefined
      }
    },
    async stop() {
      clearInterval(timer)
      await renewed
      await kv.delete(key(processId)).catch(() => {})
    },
  }
}
