import { spawn } from 'node:child_process'

export type RunParameters = {
  cwd: string
  env?: NodeJS.ProcessEnv | undefined
  /** Milliseconds before the command is killed and counted as failed. */
  timeoutMs?: number | undefined
}

/**
 * Runs a command to the end and answers its output; a non-zero exit throws with the command, its
 * folder and the last of its output, so a failing build or install says why in the test report.
 *
 * @example
 * await run('npm', ['pack', '--json'], { cwd })
 */
export function run(command: string, args: string[], { cwd, env, timeoutMs = 600_000 }: RunParameters) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve(output)
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${cwd}) ${signal ? `was killed (${signal})` : `exited ${code}`}:\n${output.slice(-6000)}`,
          ),
        )
    })
  })
}
