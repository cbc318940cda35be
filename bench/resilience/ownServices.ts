// The bench's own PostgreSQL cluster and Redis server, in a temporary folder on their own ports, so
// the faults can restart them: the machine's shared PostgreSQL (5432) and Redis (6379) serve other
// people's work and are never touched. PostgreSQL runs as the `postgres` user (initdb refuses root).
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Redis } from 'ioredis'

const run = promisify(execFile)
const PG_BIN = '/usr/lib/postgresql/15/bin'

export type OwnPostgres = { url: string; restart(): Promise<void>; stop(): Promise<void> }
export type OwnRedis = { url: string; restartFlushed(): Promise<void>; stop(): Promise<void> }

/**
 * A fresh cluster on `port` (trust auth on loopback) with database `satchel`, in its own temporary
 * folder (owned by `postgres`, which cannot enter the caller's private one).
 */
export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'satchel-resilience-pg-'))
  const data = join(dir, 'pg')
  await mkdir(data, { recursive: true })
  const { uid, gid } = await userIds('postgres')
  await chown(dir, uid, gid)
  await chown(data, uid, gid)
  await chmod(data, 0o700)
  const asPostgres = (bin: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { timeout: 120_000 })
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`
  const ctl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'pg.log'), '-w', ...args])
  await ctl('start')
  await asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'satchel'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/satchel`,
    restart: async () => {
      await ctl('-m', 'fast', 'restart')
    },
    stop: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A Redis server on `port` that keeps nothing on disk; `restartFlushed` empties it and restarts it. */
export async function startOwnRedis(dir: string, port: number): Promise<OwnRedis> {
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    )
    for (let i = 0; i < 100; i++) {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      redis.on('error', () => {})
      const ok = await redis.connect().then(
        () => redis.ping(),
        () => undefined,
      )
      redis.disconnect()
      if (ok === 'PONG') return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`redis-server did not start on ${port}`)
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    child?.kill('SIGKILL')
    await exited
  }
  await start()
  return {
    url,
    restartFlushed: async () => {
      const redis = new Redis(url)
      await redis.flushall()
      redis.disconnect()
      await stop()
      await start()
    },
    stop,
  }
}

async function userIds(name: string): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])])
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}
