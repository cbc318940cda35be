import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { AnvilStartError } from './errors'
import { getAnvilBinaryPath } from './getAnvilBinaryPath'

/** How long anvil gets to answer `eth_chainId` before `startAnvil` gives up, in milliseconds. */
export const ANVIL_READY_TIMEOUT_MS = 20_000

// After SIGTERM anvil writes its state file (when it has one) and exits; a chain with a long history
// can take a moment. Past this, it is killed outright.
const STOP_GRACE_MS = 5_000
// Enough of anvil's stderr to show why it failed (it prints one `Error: ...` line), bounded so a
// chatty process cannot grow our memory.
const STDERR_TAIL_CHARS = 4_000
const POLL_INTERVAL_MS = 50

export type StartAnvilParameters = {
  chainId: number
  /** Port on 127.0.0.1; 0 or undefined lets the OS pick a free one (read back from `rpcUrl`). */
  port?: number | undefined
  /** Seconds between blocks; undefined mines a block for every transaction as it arrives. */
  blockTime?: number | undefined
  /**
   * A JSON file anvil loads on start when it exists and writes on stop, so a second start on the
   * same file continues the same chain (balances, contracts, nonces).
   */
  stateFile?: string | undefined
  /** Mnemonic of the funded accounts; undefined keeps anvil's well-known `test test ... junk`. */
  mnemonic?: string | undefined
  /** Defaults to {@link ANVIL_READY_TIMEOUT_MS}. */
  timeoutMs?: number | undefined
}

export type AnvilExit = { code: number | null; signal: NodeJS.Signals | null }

export type StartAnvilReturnType = {
  /** `http://127.0.0.1:<port>`. */
  rpcUrl: string
  chainId: number
  port: number
  /** Settles when the process ends, for whatever reason, so a supervisor can notice a crash. */
  exited: Promise<AnvilExit>
  /** Ends the process (writing the state file first, if any) and resolves once it has exited. */
  stop: () => Promise<void>
}

export type StartAnvilErrorType = AnvilStartError

// One `exit` hook for every anvil this process started, so none outlives it. SIGTERM rather than
// SIGKILL lets anvil still write its state file. (Ctrl-C reaches anvil directly: it shares our
// process group.)
const running = new Set<ChildProcess>()
let exitHookInstalled = false
function killRunningAnvils(): void {
  for (const child of running) child.kill('SIGTERM')
}

/**
 * Starts a local anvil chain on 127.0.0.1 and resolves once it answers `eth_chainId` with the
 * requested chain id. Several may run side by side on different ports.
 *
 * @example
 * const chain = await startAnvil({ chainId: LOCAL_CHAIN_ID })
 * const client = createPublicClient({ transport: http(chain.rpcUrl) })
 * await chain.stop()
 */
export async function startAnvil(parameters: StartAnvilParameters): Promise<StartAnvilReturnType> {
  const { chainId, port = 0, blockTime, stateFile, mnemonic } = parameters
  const timeoutMs = parameters.timeoutMs ?? ANVIL_READY_TIMEOUT_MS
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new AnvilStartError(`Invalid chain id: ${chainId}`)
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new AnvilStartError(`Invalid port: ${port}`)
  }
  if (blockTime !== undefined && !(blockTime > 0)) {
    throw new AnvilStartError(`Invalid block time: ${blockTime}`)
  }

  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)]
  if (blockTime !== undefined) args.push('--block-time', String(blockTime))
  if (stateFile !== undefined) {
    // anvil starts happily without the folder, then silently fails to write the state on stop.
    mkdirSync(dirname(stateFile), { recursive: true })
    args.push('--state', stateFile)
  }
  if (mnemonic !== undefined) args.push('--mnemonic', mnemonic)

  // stdout is piped, never inherited: it carries the "Listening on" line (the only way to learn a
  // port the OS picked), then a line per RPC call, which is drained and dropped. It also prints the
  // accounts' private keys, so it is never kept or shown.
  const child = spawn(await getAnvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<AnvilExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    })
  })
  running.add(child)
  if (!exitHookInstalled) {
    process.once('exit', killRunningAnvils)
    exitHookInstalled = true
  }

  let stderr = ''
  // Always listened to: an 'error' event with no listener would crash the parent.
  child.on('error', (error) => {
    stderr = (stderr + error.message).slice(-STDERR_TAIL_CHARS)
  })
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS)
  })
  const describeStderr = (): string => {
    const text = mnemonic === undefined ? stderr : stderr.replaceAll(mnemonic, '<mnemonic>')
    return text.trim() === '' ? 'anvil wrote nothing to stderr.' : `anvil stderr:\n${text.trim()}`
  }

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= stopProcess(child, exited)
    return stopping
  }

  try {
    const listeningPort = await waitUntilReady(child, chainId, timeoutMs, describeStderr)
    return { rpcUrl: `http://127.0.0.1:${listeningPort}`, chainId, port: listeningPort, exited, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function waitUntilReady(
  child: ChildProcess,
  chainId: number,
  timeoutMs: number,
  describeStderr: () => string,
): Promise<number> {
  const stdout = child.stdout
  if (stdout === null) throw new AnvilStartError('anvil was started without a stdout pipe')
  return new Promise<number>((resolve, reject) => {
    let done = false
    let stdoutText = ''
    const finish = (result: { port: number } | { error: AnvilStartError }): void => {
      if (done) return
      done = true
      clearTimeout(timer)
      child.off('exit', onExit)
      child.off('error', onError)
      stdout.off('data', onStdout)
      // Keep draining so anvil never blocks on a full pipe while it logs RPC calls.
      stdout.resume()
      if ('port' in result) resolve(result.port)
      else reject(result.error)
    }
    // Why the last eth_chainId failed (a refused connection, a port fetch will not use), for the error.
    let lastRequestError = ''
    const timer = setTimeout(() => {
      const seconds = timeoutMs / 1000
      const message = `anvil did not answer eth_chainId within ${seconds} s`
      const details = [lastRequestError, describeStderr()].filter(Boolean).join('\n')
      finish({ error: new AnvilStartError(message, { details }) })
    }, timeoutMs)
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      const how = code === null ? `signal ${signal}` : `code ${code}`
      const message = `anvil exited with ${how} before it was ready`
      finish({ error: new AnvilStartError(message, { details: describeStderr() }) })
    }
    const onError = (cause: Error): void => {
      finish({ error: new AnvilStartError('anvil could not be started', { details: cause.message, cause }) })
    }
    const onStdout = (chunk: Buffer): void => {
      // Keep only the tail while looking: the banner before the line holds private keys.
      stdoutText = (stdoutText + chunk.toString('utf8')).slice(-1_000)
      const match = /Listening on \S+:(\d+)/.exec(stdoutText)
      if (match?.[1] === undefined) return
      stdout.off('data', onStdout)
      stdoutText = ''
      void pollChainId(Number(match[1]))
    }
    const pollChainId = async (port: number): Promise<void> => {
      while (!done) {
        const answer = await requestChainId(`http://127.0.0.1:${port}`)
        if (answer === chainId) return finish({ port })
        if (typeof answer === 'number') {
          const message = `anvil answered chain id ${answer} instead of ${chainId}`
          return finish({ error: new AnvilStartError(message, { details: describeStderr() }) })
        }
        lastRequestError = `Last eth_chainId request: ${answer.error}`
        await new Promise((wake) => setTimeout(wake, POLL_INTERVAL_MS))
      }
    }
    child.on('exit', onExit)
    child.on('error', onError)
    stdout.on('data', onStdout)
  })
}

const chainIdResponseSchema = z.object({ result: z.string().regex(/^0x[0-9a-f]+$/i) })

// The chain id anvil answers, or why it could not answer (yet).
async function requestChainId(rpcUrl: string): Promise<number | { error: string }> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    const parsed = chainIdResponseSchema.safeParse(await response.json())
    if (parsed.success) return Number.parseInt(parsed.data.result, 16)
    return { error: `unexpected answer (HTTP ${response.status})` }
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return { error: `${error instanceof Error ? error.message : String(error)}${cause}` }
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<AnvilExit>): Promise<void> {
  // A process that never spawned (pid undefined) or already ended has nothing to stop.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    running.delete(child)
    return
  }
  const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  child.kill('SIGTERM')
  await exited
  clearTimeout(killTimer)
}
