import { readdirSync, readFileSync } from 'node:fs'

// The CPU time bench/login charges to each login: the server process's own, the PostgreSQL backends
// serving its database, the load generator's, and the whole machine's, read from /proc (Linux).

/** USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on Linux). */
const CLOCK_TICKS = 100

/** A process's CPU time so far (user + system, ms): fields 14 and 15 of /proc/<pid>/stat, in clock ticks. */
export function processCpuMs(pid: number | undefined) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return 0 // the process has exited
  }
}

/**
 * The CPU time of the PostgreSQL backends connected to `dbName` (their process titles name the
 * database), summed. The pools keep their connections open through a round, so the difference over a
 * round is the database's work for it (the server's shared WAL writer and checkpointer are not in it).
 */
export function backendsCpuMs(dbName: string) {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let title = ''
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'latin1')
    } catch {
      continue
    }
    if (title.startsWith('postgres:') && title.includes(` ${dbName} `)) total += processCpuMs(Number(entry))
  }
  return total
}

/**
 * The machine's busy CPU time so far, all cores (ms): /proc/stat's first line without idle, iowait and
 * steal. Over a round, divided by its logins, it is everything a login costs here (server, database,
 * Redis, the load generator, the kernel): the budget two cores divide into logins per second.
 */
export function machineBusyMs() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  // cpu user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number)
  return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * 1000) / CLOCK_TICKS
}

/** This process's CPU time so far (user + system, ms): the load generator's own. */
export function ownCpuMs() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
