import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { buildApp } from './buildApp'
import { type LoginMethod, loginMethods } from './identity/apps/types'
import { type Config, ConfigError, loadConfig } from './platform/config/loadConfig'
import { resolveEncryptionKey } from './platform/config/resolveKeys'
import type { Database } from './platform/db/createDatabase'
import { findMissingDelivery } from './platform/delivery/findMissingDelivery'

// The server's modules are imported by the commands that use them, not here: `satchel vault` then
// loads only the vault's, and starts (or restarts after a crash) in a fraction of the time.

const USAGE = `Usage:
  satchel serve                                   start the API server (PORT, default 8787)
  satchel apps create --name NAME --origin URL [--origin URL ...] [--methods email,sms,...] [--production] [--json]
                                                  (a development-mode app unless --production; under
                                                  NODE_ENV=production always a production-mode app)
  satchel apps list [--json]
  satchel apps rotate-key --app APP_ID            retire the app's token-signing key and make a new one
  satchel operators invite --email EMAIL --role owner|admin|viewer
                                                  let EMAIL sign in to the console at /console
  satchel operators list [--json]
  satchel prune [--json]                          delete expired codes, sessions, outbox messages and
                                                  funding sessions now (the server also does it every
                                                  PRUNE_INTERVAL_SECONDS)
  satchel vault                                   run the key vault as its own process
  satchel keys rotate --encryption | --vault-kek [--batch-size N]
                                                  re-seal every stored secret under the new key
                                                  (SATCHEL_ENCRYPTION_KEY or SATCHEL_VAULT_KEK) from the
                                                  one it replaces (the same name + _PREVIOUS), while
                                                  servers run; run again to resume (deploy/README.md)

Configuration comes from the environment; see README.md.`

/**
 * SIGTERM (or Ctrl-C): `/readyz` fails first, so the balancer stops sending (`SHUTDOWN_DRAIN_SECONDS`);
 * then the server stops accepting, lets in-flight requests finish, flushes the audit queue and closes
 * its pools (`app.close()`), bounded by `SHUTDOWN_TIMEOUT_SECONDS`. A second signal exits at once.
 */
async function shutDown(app: Awaited<ReturnType<typeof buildApp>>, config: Config): Promise<void> {
  const exitNow = () => process.exit(1)
  process.once('SIGINT', exitNow)
  process.once('SIGTERM', exitNow)
  app.satchelDrain()
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000))
  setTimeout(() => {
    console.error(`satchel: requests still running after ${config.shutdownTimeoutSeconds} s; exiting`)
    process.exit(1)
  }, config.shutdownTimeoutSeconds * 1000).unref()
  await app.close()
  process.exit(0)
}

async function main(argv: string[]): Promise<number> {
  const [command, sub] = argv
  if (command === 'keys' && sub === 'rotate') {
    // Run where a key lives (the vault's host holds only the KEK): only the database settings are
    // needed, not the ones production requires to serve.
    const { runKeysRotate } = await import('./wallets/keyRotation/runKeysRotate')
    const db = await openMigratedDatabase(loadConfig({ ...process.env, NODE_ENV: undefined }))
    try {
      return await runKeysRotate(db, argv.slice(2), process.env)
    } finally {
      await db.close()
    }
  }
  const config = loadConfig(process.env)
  if (command === 'serve') {
    const { buildApp } = await import('./buildApp')
    const app = await buildApp(config)
    await serveBuiltConsole(app)
    process.once('SIGINT', () => void shutDown(app, config))
    process.once('SIGTERM', () => void shutDown(app, config))
    await app.listen({ port: config.port, host: config.host })
    return -1
  }
  if (command === 'vault') {
    const { runVaultProcess } = await import('./vault/runVaultProcess')
    await runVaultProcess(process.env)
    return -1
  }
  if (command === 'prune') {
    const { values } = parseArgs({
      args: argv.slice(1),
      options: { json: { type: 'boolean', default: false } },
    })
    const { pruneExpiredRows } = await import('./ops/maintenance/pruneExpiredRows')
    const db = await openMigratedDatabase(config)
    try {
      const pruned = await pruneExpiredRows(db, { now: Date.now() })
      if (values.json) console.log(JSON.stringify(pruned))
      else for (const [table, count] of Object.entries(pruned)) console.log(`${table}: ${count} pruned`)
      return 0
    } finally {
      await db.close()
    }
  }
  if (command === 'operators') {
    const { runOperatorsCommand } = await import('./identity/operators/runOperatorsCommand')
    const db = await openMigratedDatabase(config)
    try {
      const lines = await runOperatorsCommand(db, sub, argv.slice(2), (message) => new UsageError(message))
      for (const line of lines) console.log(line)
      return 0
    } finally {
      await db.close()
    }
  }
  if (command === 'apps') {
    const { createAppsRepository } = await import('./identity/apps/appsRepository')
    const { createSigningKeys } = await import('./platform/tokens/createSigningKeys')
    const db = await openMigratedDatabase(config)
    try {
      const apps = createAppsRepository(db, Date.now, await resolveEncryptionKey(config))
      if (sub === 'create') {
        const { values } = parseArgs({
          args: argv.slice(2),
          options: {
            name: { type: 'string' },
            origin: { type: 'string', multiple: true, default: [] },
            methods: { type: 'string' },
            production: { type: 'boolean', default: false },
            json: { type: 'boolean', default: false },
          },
        })
        if (!values.name) throw new UsageError('--name is required')
        const methods = values.methods?.split(',').map((m) => m.trim())
        const unknown = methods?.filter((m) => !isLoginMethod(m))
        if (unknown?.length)
          throw new UsageError(
            `unknown login method(s): ${unknown.join(', ')} (known: ${loginMethods.join(', ')})`,
          )
        const enabled = methods?.filter(isLoginMethod) ?? DEFAULT_LOGIN_METHODS
        const production = config.env === 'production'
        // A production server never sends a code to the dev outbox: a method it cannot deliver would
        // fail at every user's first code. Refused here, as `serve` refuses to start with one.
        const missing = production ? findMissingDelivery(config, enabled) : undefined
        if (missing)
          throw new ConfigError(
            `${missing.variables}: required in production for ${missing.method === 'email' ? 'email' : 'SMS'} login (set it, or leave ${missing.method} out of --methods)`,
          )
        const { app, secret } = await apps.createApp({
          name: values.name,
          allowedOrigins: values.origin,
          loginMethods: enabled,
          // Under NODE_ENV=production there is no development mode to fall into by omission: a
          // development-mode app there has no outbox and only caps its sign-ups.
          mode: values.production || production ? 'production' : 'development',
        })
        if (values.json) console.log(JSON.stringify({ app_id: app.id, app_secret: secret }))
        else
          console.log(
            `Created app ${app.name}\n  app id:     ${app.id}\n  app secret: ${secret}\n(The secret is shown once; store it now.)`,
          )
        return 0
      }
      if (sub === 'list') {
        const all = await apps.listApps()
        const json = argv.includes('--json')
        for (const a of all)
          console.log(
            json
              ? JSON.stringify({ app_id: a.id, name: a.name, mode: a.mode, origins: a.allowedOrigins })
              : `${a.id}  ${a.name}  ${a.mode}  ${a.allowedOrigins.join(' ')}`,
          )
        return 0
      }
      if (sub === 'rotate-key') {
        const { values } = parseArgs({ args: argv.slice(2), options: { app: { type: 'string' } } })
        if (!values.app) throw new UsageError('--app is required')
        await apps.requireApp(values.app)
        const keys = createSigningKeys({
          db,
          encryptionKey: await resolveEncryptionKey(config),
          tokenTtlSeconds: config.accessTokenTtlSeconds,
        })
        const kid = await keys.rotate(values.app)
        console.log(`New signing key ${kid}; the old one stays published until its tokens expire.`)
        return 0
      }
    } finally {
      await db.close()
    }
  }
  throw new UsageError(
    command ? `unknown command: ${[command, sub].filter(Boolean).join(' ')}` : 'no command given',
  )
}

class UsageError extends Error {}

/**
 * The console at `/console` when a build of it is present: `SATCHEL_CONSOLE_DIR`, else the repository's
 * `apps/console/dist` (`npm run build -w @satchel/console`). No chains are given to it in production:
 * the server's RPC URLs may hold API keys, so the console shows wallets without balances there.
 */
async function serveBuiltConsole(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const dir =
    process.env.SATCHEL_CONSOLE_DIR ?? fileURLToPath(new URL('../../../apps/console/dist/', import.meta.url))
  if (!existsSync(join(dir, 'index.html'))) return
  const { serveConsole } = await import('./ops/static/serveConsole')
  if (await serveConsole(app, app.satchel, { distDir: dir }))
    app.log.info(`Console served at /console from ${dir}`)
}

/** What `apps create` enables without `--methods` (the same as the apps repository's default). */
const DEFAULT_LOGIN_METHODS: LoginMethod[] = ['email', 'sms', 'guest']

function isLoginMethod(name: string): name is LoginMethod {
  return (loginMethods as readonly string[]).includes(name)
}

/** The server's database: PostgreSQL when DATABASE_URL is set, the embedded PGlite folder otherwise. */
async function openDatabase(config: Config): Promise<Database> {
  const { createDatabase } = await import('./platform/db/createDatabase')
  return config.databaseUrl
    ? createDatabase({ url: config.databaseUrl })
    : createDatabase({ dataDir: join(config.dataDir, 'pglite') })
}

/** {@link openDatabase}, migrated to the current schema. */
async function openMigratedDatabase(config: Config): Promise<Database> {
  const { migrate } = await import('./platform/db/migrate')
  const db = await openDatabase(config)
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof UsageError) {
      console.error(`satchel: ${error.message}`)
      if (error instanceof UsageError) console.error(`\n${USAGE}`)
    } else console.error('satchel: failed to start:', error instanceof Error ? error.message : error)
    process.exit(error instanceof UsageError ? 64 : 1)
  },
)
