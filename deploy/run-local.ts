// Starts the production profile on this machine from the files in this folder: the vault as its own
// process, two `satchel serve` instances and HAProxy in front (deploy/haproxy.cfg), on the local
// PostgreSQL and Redis. No containers: the same shape as compose.yaml, as plain processes.
//
//   npx tsx deploy/run-local.ts [--env-file deploy/satchel.env] [--instances 1|2] [--bind 127.0.0.1:8080]
//
// Needs Debian's haproxy (`apt-get install haproxy`). Settings come from the env file (see
// satchel.env.example); the three secrets are generated into deploy/.local/secrets.env on first run.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { parseEnvFile, startProfile } from './profile'

const { values } = parseArgs({
  options: {
    'env-file': { type: 'string', default: join(import.meta.dirname, 'satchel.env') },
    instances: { type: 'string', default: '2' },
    bind: { type: 'string', default: '127.0.0.1:8080' },
  },
})
const envFile = values['env-file']
const env: Record<string, string> = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/satchel_profile',
  REDIS_URL: 'redis://127.0.0.1:6379/2',
  ...(existsSync(envFile) ? parseEnvFile(readFileSync(envFile, 'utf8')) : {}),
}
const instances = values.instances === '1' ? 1 : 2

await ensureDatabase(env.DATABASE_URL ?? '')
const profile = await startProfile({
  env,
  bind: values.bind,
  instances,
  onOutput: (name, line) => console.error(`[${name}] ${line}`),
})
console.log(`Satchel's production profile is up: ${profile.url} (HAProxy → ${instances} API instance(s), vault on a socket)
  ${profile.url}/readyz   ready to serve
  Create an app:  NODE_ENV=production DATABASE_URL=${redactUrl(env.DATABASE_URL ?? '')} npx satchel apps create --production --name NAME --origin URL
Ctrl-C stops every process.`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void profile.stop().finally(() => process.exit(0))
  })

/** Creates the database named in the URL when it does not exist (the instances migrate it). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`)
  } finally {
    await client.end()
  }
}

function redactUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
