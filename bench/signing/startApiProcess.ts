import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { Target } from './loadGenerator'

/** One API process: where to reach it, and how much CPU it has used so far (µs). */
export type ApiProcess = Target & { child: ChildProcess }

/**
 * Starts `script --serve` (a benchmark whose `--serve` role runs {@link serveApiProcess}) as its own
 * Node process with `env` as its configuration, and answers once it listens. With BENCH_CPU_PROFILE
 * set, the process writes a V8 CPU profile into that folder.
 *
 * @example
 * const api = await startApiProcess(fileURLToPath(import.meta.url), env)
 */
export async function startApiProcess(script: string, env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
    : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, '--serve'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  if (!child.stdout || !child.stdin) throw new Error('the server has no stdio')
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  )
  exited.catch(() => {})
  const next = async () => JSON.parse(String((await Promise.race([lines.next(), exited])).value))
  const { port } = await next()
  const stdin = child.stdin
  return {
    child,
    port,
    host: `127.0.0.1:${port}`,
    async cpu() {
      stdin.write('cpu\n')
      return (await next()).cpu
    },
  }
}
