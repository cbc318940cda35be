// The production profile as processes on this machine: the vault on a Unix socket, N `satchel serve`
// instances and HAProxy (deploy/haproxy.cfg) in front, against PostgreSQL and Redis. Used by
// `deploy/run-local.ts` (an operator trying the shape) and `bench/resilience` (which kills its parts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildBundles } from './buildBundles'

const DEPLOY_DIR = dirname(fileURLToPath(import.meta.url))
const ROOT = join(DEPLOY_DIR, '..')
// Generous: a bundled `satchel serve` answers in seconds, but on a 2-core machine at load 30 a start from
// the sources under tsx took 70–220 s, and a machine that loaded slows even built JavaScript down.
const READY_TIMEOUT_MS = 300_000
const OUTPUT_TAIL_CHARS = 8_000

export type ProfileOptions = {
  /** KEY=VALUE settings every instance gets (SMTP_URL, RPC_URLS, ...), after the profile's own. */
  env?: Record<string, string>
  /** Where the balancer listens: `127.0.0.1:8080` by default. */
  bind?: string
  /** API instances behind the balancer (haproxy.cfg names two, api1 and api2). */
  instances?: 1 | 2
  /** First API port; instance n listens on basePort + n - 1. Default 8801. */
  basePort?: number
  /** Folder for the vault socket and the generated secrets. Default deploy/.local. */
  stateDir?: string
  /** Called with each line a process writes to stderr (stdout is kept as a tail only). */
  onOutput?: (name: string, line: string) => void
}

export type ProfileProcess = {
  readonly name: string
  /** The running child, or undefined while stopped. */
  readonly child: ChildProcess | undefined
  /** The last few thousand characters it wrote (stdout and stderr), for an error message. */
  tail(): string
}

export type Profile = {
  /** `http://<bind>`: the balancer. */
  url: string
  /** `vault`, `api1`, `api2`, `haproxy`. */
  processes: ReadonlyMap<string, ProfileProcess>
  /** Sends a signal and waits for the process to end. */
  kill(name: string, signal: NodeJS.Signals): Promise<void>
  /** Starts a stopped process again and waits until it is ready. */
  start(name: string): Promise<void>
  /** Stops everything (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>
  /** The environment the API instances run with (secrets included: keep it to this process). */
  apiEnv: Readonly<Record<string, string>>
  /** The `satchel` command the instances run, built: `node <satchelBundle> apps create ...`. */
  satchelBundle: string
}

type Spec = { command: string; args: string[]; env: Record<string, string>; ready: () => Promise<boolean> }

/**
 * Starts the vault, the API instances and HAProxy, each once it can be reached, and returns when the
 * balancer answers `/readyz`. The database and Redis are the caller's (`DATABASE_URL`, `REDIS_URL` in
 * `env`); the database is migrated by the first instance. The vault and the API instances run from
 * JavaScript built first ({@link buildBundles}, into deploy/.local/build), as an operator runs them.
 *
 * @example
 * const profile = await startProfile({ env: { DATABASE_URL, REDIS_URL, SMTP_URL, EMAIL_FROM } })
 * await fetch(`${profile.url}/readyz`) // 200
 * await profile.kill('api1', 'SIGKILL')
 */
export async function startProfile(options: ProfileOptions = {}): Promise<Profile> {
  // Said before anything starts: otherwise the first sign is a balancer that "exited while starting".
  if (spawnSync('haproxy', ['-v']).error)
    throw new Error("haproxy is not installed: the profile runs Debian's (apt-get install haproxy)")
  const stateDir = options.stateDir ?? join(DEPLOY_DIR, '.local')
  mkdirSync(stateDir, { recursive: true, mode: 0o700 })
  const secrets = loadOrCreateSecrets(join(stateDir, 'secrets.env'))
  const bind = options.bind ?? '127.0.0.1:8080'
  const instances = options.instances ?? 2
  const basePort = options.basePort ?? 8801
  const socketPath = join(stateDir, 'vault.sock')
  rmSync(socketPath, { force: true })

  const apiEnv: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SATCHEL_ENCRYPTION_KEY: secrets.SATCHEL_ENCRYPTION_KEY,
    SATCHEL_VAULT_SOCKET: socketPath,
    SATCHEL_VAULT_SECRET: secrets.SATCHEL_VAULT_SECRET,
    // HAProxy connects from loopback and appends the client to X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The bundle sits in deploy/.local/build, not where cli.ts looks for the console beside itself.
    SATCHEL_CONSOLE_DIR: join(ROOT, 'apps/console/dist'),
    ...options.env,
  }
  const specs = new Map<string, Spec>()
  // Built JavaScript, as an operator runs it: a crashed process is back in seconds, not after a compile.
  const bundles = await buildBundles(join(DEPLOY_DIR, '.local', 'build'))
  specs.set('vault', {
    command: process.execPath,
    args: [bundles.vault],
    env: {
      SATCHEL_VAULT_KEK: secrets.SATCHEL_VAULT_KEK,
      SATCHEL_VAULT_SECRET: secrets.SATCHEL_VAULT_SECRET,
      SATCHEL_VAULT_SOCKET: socketPath,
    },
    ready: () => canConnect({ path: socketPath }),
  })
  const apiAddresses: string[] = []
  for (let n = 1; n <= instances; n++) {
    const port = basePort + n - 1
    apiAddresses.push(`127.0.0.1:${port}`)
    specs.set(`api${n}`, {
      command: process.execPath,
      args: [bundles.server, 'serve'],
      env: { ...apiEnv, PORT: String(port) },
      ready: () => isReady(`http://127.0.0.1:${port}/readyz`),
    })
  }
  specs.set('haproxy', {
    command: 'haproxy',
    args: ['-db', '-f', join(DEPLOY_DIR, 'haproxy.cfg')],
    env: {
      SATCHEL_LB_BIND: bind,
      SATCHEL_API_1: apiAddresses[0] ?? '127.0.0.1:9',
      // One instance: api2 points at the first too, so the file stays the operator's file.
      SATCHEL_API_2: apiAddresses[1] ?? apiAddresses[0] ?? '127.0.0.1:9',
    },
    ready: () => isReady(`http://${bind}/readyz`),
  })

  const processes = new Map<string, ManagedProcess>()
  for (const [name, spec] of specs) processes.set(name, new ManagedProcess(name, spec, options.onOutput))
  const profile: Profile = {
    url: `http://${bind}`,
    processes,
    apiEnv,
    satchelBundle: bundles.server,
    async kill(name, signal) {
      await mustGet(processes, name).kill(signal)
    },
    async start(name) {
      await mustGet(processes, name).start()
    },
    async stop() {
      for (const name of ['haproxy', ...[...processes.keys()].filter((n) => n.startsWith('api')), 'vault'])
        await processes.get(name)?.kill('SIGTERM', 10_000)
    },
  }
  try {
    // The vault first (instances check it at start), one instance alone (it migrates), then the rest.
    for (const name of specs.keys()) await mustGet(processes, name).start()
  } catch (error) {
    await profile.stop()
    throw error
  }
  return profile
}

class ManagedProcess implements ProfileProcess {
  child: ChildProcess | undefined
  #output = ''
  constructor(
    readonly name: string,
    private readonly spec: Spec,
    private readonly onOutput: ProfileOptions['onOutput'],
  ) {}

  tail(): string {
    return this.#output
  }

  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`)
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...this.spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    const keep = (chunk: Buffer, isError: boolean) => {
      const text = chunk.toString('utf8')
      this.#output = (this.#output + text).slice(-OUTPUT_TAIL_CHARS)
      if (isError) for (const line of text.split('\n')) if (line.trim()) this.onOutput?.(this.name, line)
    }
    child.stdout?.on('data', (chunk: Buffer) => keep(chunk, false))
    child.stderr?.on('data', (chunk: Buffer) => keep(chunk, true))
    child.once('exit', () => {
      if (this.child === child) this.child = undefined
    })
    const deadline = Date.now() + READY_TIMEOUT_MS
    while (!(await this.spec.ready())) {
      if (this.child !== child) throw new Error(`${this.name} exited while starting:\n${this.#output}`)
      if (Date.now() > deadline)
        throw new Error(`${this.name} was not ready in ${READY_TIMEOUT_MS / 1000} s:\n${this.#output}`)
      await sleep(100)
    }
  }

  async kill(signal: NodeJS.Signals, escalateAfterMs?: number): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.child = undefined
      return
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    if (escalateAfterMs !== undefined) {
      const timer = setTimeout(() => child.kill('SIGKILL'), escalateAfterMs)
      await exited
      clearTimeout(timer)
    } else await exited
    this.child = undefined
  }
}

/** The three secrets the profile needs, made once per state folder and kept there (mode 600). */
function loadOrCreateSecrets(
  path: string,
): Record<'SATCHEL_ENCRYPTION_KEY' | 'SATCHEL_VAULT_KEK' | 'SATCHEL_VAULT_SECRET', string> {
  if (!existsSync(path)) {
    const lines = [
      `SATCHEL_ENCRYPTION_KEY=${randomBytes(32).toString('hex')}`,
      `SATCHEL_VAULT_KEK=${randomBytes(32).toString('hex')}`,
      `SATCHEL_VAULT_SECRET=${randomBytes(32).toString('base64url')}`,
    ]
    writeFileSync(path, `${lines.join('\n')}\n`, { mode: 0o600 })
  }
  const values = parseEnvFile(readFileSync(path, 'utf8'))
  const read = (key: string) => {
    const value = values[key]
    if (!value) throw new Error(`${path}: ${key} is missing`)
    return value
  }
  return {
    SATCHEL_ENCRYPTION_KEY: read('SATCHEL_ENCRYPTION_KEY'),
    SATCHEL_VAULT_KEK: read('SATCHEL_VAULT_KEK'),
    SATCHEL_VAULT_SECRET: read('SATCHEL_VAULT_SECRET'),
  }
}

/** `KEY=VALUE` lines; `#` comments and blank lines ignored; no quoting or expansion. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const equals = line.indexOf('=')
    if (equals > 0) values[line.slice(0, equals).trim()] = line.slice(equals + 1).trim()
  }
  return values
}

async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) })
    return response.status === 200
  } catch {
    return false
  }
}

function canConnect(target: { path: string } | { port: number; host: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

function mustGet<V>(map: ReadonlyMap<string, V>, name: string): V {
  const value = map.get(name)
  if (value === undefined) throw new Error(`no process named ${name} (have: ${[...map.keys()].join(', ')})`)
  return value
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
