import os from 'node:os'

/**
 * Prints what a benchmark ran on: Node, the CPUs, and the load average before the run (the machine
 * is shared, so the figures are read beside it).
 *
 * @example
 * printMachine()
 */
export function printMachine(): void {
  const cpus = os.cpus()
  console.log(`node ${process.version}, ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}`)
  console.log(
    `load average before the run: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  )
}
