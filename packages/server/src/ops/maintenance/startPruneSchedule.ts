import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/createDatabase'
import { type PruneExpiredRowsReturnType, pruneExpiredRows } from './pruneExpiredRows'

export type StartPruneScheduleParameters = {
  db: Db
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  now: () => number
  intervalMs: number
  /** Passed on to pruneExpiredRows (tests use small batches). */
  batchSize?: number
}

export type PruneSchedule = {
  /** Runs the job now (between two scheduled runs, never alongside one) and answers what it pruned. */
  runNow(): Promise<PruneExpiredRowsReturnType>
  /** Cancels the next run and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>
}

/**
 * Prunes expired rows every `intervalMs`, first one interval after start (a restart loop does not
 * turn into a pruning loop). The timer is unref'd, so it never keeps a process alive, and runs never
 * overlap: the next one is scheduled when the last has finished. A failed run is logged and the
 * schedule goes on. Several instances may each run it: the statements skip each other's rows.
 *
 * @example
 * const pruning = startPruneSchedule({ db, log: app.log, now: Date.now, intervalMs: 3_600_000 })
 * app.addHook('onClose', () => pruning.stop())
 */
export function startPruneSchedule(parameters: StartPruneScheduleParameters): PruneSchedule {
  const { db, log, now, intervalMs, batchSize } = parameters
  let timer: NodeJS.Timeout | undefined
  let running: Promise<PruneExpiredRowsReturnType> | undefined
  let stopped = false

  const run = (): Promise<PruneExpiredRowsReturnType> => {
    running ??= pruneExpiredRows(db, { now: now(), ...(batchSize ? { batchSize } : {}) })
      .then((pruned) => {
        // Counts only: pruned rows are gone, and none of their contents are worth a log line.
        if (Object.values(pruned).some((n) => n > 0)) log.info({ pruned }, 'pruned expired rows')
        return pruned
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      run().then(schedule, (error: unknown) => {
        log.warn({ err: error }, 'pruning expired rows failed; the next run will try again')
        schedule()
      })
    }, intervalMs)
    timer.unref()
  }
  schedule()

  return {
    runNow: run,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running?.catch(() => {})
    },
  }
}
