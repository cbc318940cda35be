import { ApiError } from '@satchel/core'

export type ConcurrencyLimit = {
  /** Runs `work` in a free slot, after those queued before it; refuses at once when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Slots in use and calls waiting, for tests and metrics. */
  load(): { running: number; waiting: number }
}

/**
 * A bound on expensive work across the process (scrypt at 32 MiB a call runs on libuv's small
 * thread pool, which other requests' crypto and file work share): at most `slots` at once and `queue`
 * waiting; anything more is refused with `too_many_requests` (429) at once rather than queued without
 * end, so a flood costs its senders refusals instead of costing everyone else latency.
 *
 * @example
 * const kdf = createConcurrencyLimit({ slots: 2, queue: 8 })
 * const key = await kdf.run(() => scryptAsync(passcode, salt))
 */
export function createConcurrencyLimit({ slots, queue }: { slots: number; queue: number }): ConcurrencyLimit {
  let running = 0
  const waiting: Array<() => void> = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
  return {
    async run(work) {
      if (running < slots) running++
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve))
      else throw new ApiError('too_many_requests', { message: 'The server is busy, try again in a moment' })
      // A slot is held from here: handed straight to the next in line when this work ends.
      try {
        return await work()
      } finally {
        release()
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  }
}
