import { spawn } from 'node:child_process'

export type StartedProcess = {
  /** What it printed so far (for a failure message). */
  output(): string
  /** Stops it and everything it started (its process group). */
  stop(): Promise<void>
}

export type StartProcessParameters = {
  cwd: string
  env: NodeJS.ProcessEnv
  /** Answers when this URL answers 2xx (or 3xx/4xx: it is serving). */
  readyUrl: string
  timeoutMs?: number | undefined
}

/**
 * Starts a long-running command (a server) in its own process group and waits until `readyUrl`
 * answers; throws with its output if it exits or does not answer in time.
 *
 * @example
 * const server = await startProcess('node_modules/.bin/satchel', ['serve'], { cwd, env, readyUrl })
 * await server.stop()
 */
export async function startProcess(
  command: string,
  args: string[],
  { cwd, env, readyUrl, timeoutMs = 120_000 }: StartProcessParameters,
): Promise<StartedProcess> {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  let exited = false
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  child.once('exit', () => {
    exited = true
  })
  const stop = async () => {
    if (!exited && child.pid) {
      process.kill(-child.pid, 'SIGTERM')
      const killed = await Promise.race([closed.then(() => true), sleep(10_000).then(() => false)])
      if (!killed && !exited) process.kill(-child.pid, 'SIGKILL')
    }
    await closed
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${command} ${args.join(' ')} exited before it answered:\n${output}`)
    const answered = await fetch(readyUrl, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status < 500,
      () => false,
    )
    if (answered) return { output: () => output, stop }
    await sleep(250)
  }
  await stop()
  throw new Error(
    `${command} ${args.join(' ')} did not answer ${readyUrl} within ${timeoutMs} ms:\n${output}`,
  )
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
