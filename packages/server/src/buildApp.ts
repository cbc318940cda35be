import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import { chains, LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '@satchel/core'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { customJwtRoutes } from './auth/custom_jwt/routes'
import { farcasterRoutes } from './auth/farcaster/routes'
import { guestRoutes } from './auth/guest/routes'
import { oauthRoutes } from './auth/oauth/routes'
import { passkeyRoutes } from './auth/passkeys/routes'
import { passwordlessRoutes } from './auth/passwordless/routes'
import { siweRoutes } from './auth/siwe/routes'
import { siwsRoutes } from './auth/siws/routes'
import { telegramRoutes } from './auth/telegram/routes'
import { fundingRoutes } from './funding/routes'
import { secretRoutes } from './identity/appSecrets/secretRoutes'
import { createAppsRepository } from './identity/apps/appsRepository'
import { checkProductionApps } from './identity/apps/checkProductionApps'
import { appRoutes } from './identity/apps/routes'
import { sealStoredAppSecrets } from './identity/apps/sealStoredAppSecrets'
import { settingsRoutes } from './identity/apps/settingsRoutes'
import type { ServerContext } from './identity/context'
import { installGuards, type RouteGuardEntry } from './identity/guards/installGuards'
import { consoleRoutes } from './identity/operators/consoleRoutes'
import { ensureOperatorApp } from './identity/operators/ensureOperatorApp'
import { APP_ID_HEADER } from './identity/requestContext'
import { adminSessionRoutes } from './identity/sessions/adminSessionRoutes'
import { sessionRoutes } from './identity/sessions/routes'
import { createSessionCache } from './identity/sessions/sessionCache'
import { adminUserRoutes } from './identity/users/adminUserRoutes'
import { adminUserWriteRoutes } from './identity/users/adminUserWriteRoutes'
import { userRoutes } from './identity/users/routes'
import { createUsersRepository } from './identity/users/usersRepository'
import { webhookRoutes } from './identity/webhooks/routes'
import { startWebhookWorker, type WebhookWorkerOptions } from './identity/webhooks/startWebhookWorker'
import { mfaRoutes } from './mfa/routes'
import { adminAnalyticsRoutes } from './ops/analytics/adminAnalyticsRoutes'
import { analyticsRoutes } from './ops/analytics/routes'
import { outboxRoutes } from './ops/dev/outboxRoutes'
import { startPruneSchedule } from './ops/maintenance/startPruneSchedule'
import { registerSystemRoutes } from './ops/system/routes'
import type { Config } from './platform/config/loadConfig'
import type { TrustProxy } from './platform/config/parseTrustProxy'
import { resolveEncryptionKey, resolveVaultKek } from './platform/config/resolveKeys'
import { createDatabase, type Database, type Db } from './platform/db/createDatabase'
import { migrate } from './platform/db/migrate'
import { createDelivery } from './platform/delivery/createDelivery'
import type { Delivery } from './platform/delivery/types'
import { answerClientError, answerFrameworkError, registerErrorHandling } from './platform/http/errors'
import { registerInputGuard } from './platform/http/registerInputGuard'
import { createKv, type Kv } from './platform/kv/createKv'
import { createSigningKeys } from './platform/tokens/createSigningKeys'
import { createLocalVault } from './vault/createLocalVault'
import { createRemoteVault } from './vault/createRemoteVault'
import type { Vault } from './vault/types'
import { startReconciler } from './wallets/chains/reconcileSentTransactions'
import { createUserWalletHooks } from './wallets/createUserWalletHooks'
import { exportRoutes } from './wallets/export/routes'
import { policyRoutes } from './wallets/policies/routes'
import { createWalletGuardHook } from './wallets/readWalletRequest'
import { recoveryRoutes } from './wallets/recovery/routes'
import { walletRoutes } from './wallets/routes'
import { createWalletServices } from './wallets/walletServices'

export type BuildAppOptions = {
  /** Use this database instead of opening one from the config (tests share one per file). */
  db?: Db
  kv?: Kv
  vault?: Vault
  delivery?: Delivery
  now?: () => number
  /** `false` silences logs (tests, benchmarks); a stream captures them (tests of what is logged). */
  logger?: false | { level: string; stream: NodeJS.WritableStream }
  /** More routes, registered after Satchel's own and under the same guard rule (tests of the rule). */
  extraRoutes?: ReadonlyArray<(ctx: ServerContext) => FastifyPluginAsyncZod>
  /** The webhook delivery worker: started with the server unless `false` (tests shorten its waits). */
  webhookWorker?: false | WebhookWorkerOptions
  /** How long a retry waits for a live first attempt with the same idempotency key (default 30 s; tests shorten it). */
  waitForFirstAttemptMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    satchel: ServerContext
    /** Every route with its guard, in registration order (a test snapshots it). */
    satchelRouteGuards: readonly RouteGuardEntry[]
    /** Stops the webhook delivery worker (also done on close); sends in progress go back to the queue. */
    satchelStopWebhooks(): Promise<void>
  }
}

export type SatchelServer = FastifyInstance

/** Headers that carry secrets: never written to a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["satchel-authorization-signature"]',
  'res.headers["set-cookie"]',
]

/**
 * Builds the whole API server from a config: storage (PostgreSQL or PGlite, migrated), the shared store
 * (Redis or in-process), delivery, keys, and every route. The caller listens (or uses `inject`).
 *
 * @example
 * const app = await buildApp(loadConfig())
 * await app.listen({ port: 8787 })
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<SatchelServer> {
  const owned: Array<() => Promise<void>> = []
  let db: Db
  if (options.db) db = options.db
  else {
    const database: Database = config.databaseUrl
      ? await createDatabase({ url: config.databaseUrl })
      : await createDatabase({ dataDir: join(config.dataDir, 'pglite') })
    owned.push(() => database.close())
    db = database
  }
  await migrate(db)
  const now = options.now ?? Date.now
  const encryptionKey = await resolveEncryptionKey(config)
  const apps = createAppsRepository(db, now, encryptionKey)
  const kv = options.kv ?? createKv(config.redisUrl)
  if (!options.kv) owned.push(() => kv.close())
  const delivery =
    options.delivery ?? createDelivery({ config, db, appMode: async (id) => (await apps.getApp(id))?.mode })
  if (!options.delivery) owned.push(() => delivery.close())
  const vault =
    options.vault ??
    (config.vault.mode === 'remote'
      ? createRemoteVault({
          ...(config.vault.socketPath
            ? { socketPath: config.vault.socketPath }
            : { url: config.vault.url ?? '' }),
          sharedSecret: config.vault.sharedSecret,
        })
      : createLocalVault({ keyEncryptionKey: await resolveVaultKek(config) }))
  await sealStoredAppSecrets(db, encryptionKey)
  if (config.env === 'production') {
    try {
      checkProductionApps(config, await apps.listApps())
    } catch (error) {
      for (const close of owned.reverse()) await close()
      throw error
    }
  }

  const instanceId = randomBytes(4).toString('hex')
  let requestCount = 0
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? config.logLevel,
            redact: REDACT,
            ...(options.logger ? { stream: options.logger.stream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      if (typeof given === 'string' && /^[\w-]{1,64}$/.test(given)) return given
      // Unique, not secret: this instance's random prefix and a counter (no random bytes per request).
      requestCount = (requestCount + 1) % 0x100000000
      return `${instanceId}${requestCount.toString(16).padStart(8, '0')}`
    },
    requestIdHeader: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // A plain callback hook: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })

  const ctx: ServerContext = {
    config,
    db,
    kv,
    delivery,
    encryptionKey,
    vault,
    rpcUrls: resolveRpcUrls(config),
    keys: createSigningKeys({ db, encryptionKey, tokenTtlSeconds: config.accessTokenTtlSeconds, now }),
    apps,
    users: createUsersRepository(db),
    sessionCache: createSessionCache({ kv, now, log: app.log }),
    ...createWalletServices(
      { db, kv, now, log: app.log },
      { waitForFirstAttemptMs: options.waitForFirstAttemptMs },
    ),
    userWallets: createUserWalletHooks(() => ctx),
    log: app.log,
    now,
  }

  owned.push(() => ctx.attemptLiveness?.stop() ?? Promise.resolve())
  if (config.pruneIntervalSeconds > 0) {
    const pruning = startPruneSchedule({
      db,
      log: app.log,
      now,
      intervalMs: config.pruneIntervalSeconds * 1000,
    })
    // Closed in reverse order: the job stops (and its run in progress ends) before the database closes.
    owned.push(() => pruning.stop())
  }
  if (config.reconcileIntervalSeconds > 0) {
    // Sends recorded before their broadcast and still pending are seen through to the chain, also
    // those a previous process left behind when it died.
    const reconciler = startReconciler(ctx, { intervalMs: config.reconcileIntervalSeconds * 1000 })
    owned.push(() => reconciler.stop())
  }

  const webhookWorker =
    options.webhookWorker === false ? undefined : startWebhookWorker(ctx, options.webhookWorker)
  // Closed in reverse order: the worker stops before the database it works from closes.
  if (webhookWorker) owned.push(() => webhookWorker.stop())

  // First: every route registered from here on must declare its guard, or this throws naming it.
  const routeGuards = installGuards(app, ctx, { wallet: createWalletGuardHook(ctx) })
  registerErrorHandling(app)
  registerInputGuard(app)
  await app.register(cookie)
  // Preflights carry no app id, so they are answered for any origin some app allows; the request
  // itself is then checked against its own app's origins (resolveApp).
  await app.register(cors, {
    origin: (origin, callback) => {
      if (!origin) return callback(null, false)
      ctx.apps.allOrigins().then(
        (all) => callback(null, all.has(origin)),
        (error: Error) => callback(error, false),
      )
    },
    credentials: true,
    allowedHeaders: [
      'content-type',
      'authorization',
      APP_ID_HEADER,
      'satchel-authorization-signature',
      'satchel-request-expiry',
      'satchel-idempotency-key',
      'satchel-mfa-token',
      'satchel-refresh-token-transport',
      'farcaster-channel-token',
    ],
    maxAge: 600,
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Satchel API',
        version: '1.0.0',
        description: 'Login and embedded wallets, self-hosted.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          appSecret: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })

  try {
    // The console's app, made on the first start: operators sign in to it (identity/operators/).
    await ensureOperatorApp(ctx)
    registerSystemRoutes(app, ctx)
    for (const routes of [
      walletRoutes,
      appRoutes,
      sessionRoutes,
      userRoutes,
      passwordlessRoutes,
      guestRoutes,
      customJwtRoutes,
      analyticsRoutes,
      // Development only: in production the outbox routes do not exist at all.
      ...(config.env === 'production' ? [] : [outboxRoutes]),
      mfaRoutes,
      siweRoutes,
      siwsRoutes,
      oauthRoutes,
      telegramRoutes,
      passkeyRoutes,
      farcasterRoutes,
      policyRoutes,
      exportRoutes,
      recoveryRoutes,
      fundingRoutes,
      secretRoutes,
      webhookRoutes,
      settingsRoutes,
      adminUserRoutes,
      adminUserWriteRoutes,
      adminSessionRoutes,
      adminAnalyticsRoutes,
      consoleRoutes,
      ...(options.extraRoutes ?? []),
    ])
      await app.register(routes(ctx))
  } catch (error) {
    // A route without a guard (or any failed registration) stops the build: release what it opened.
    for (const close of owned.reverse()) await close()
    throw error
  }

  app.addHook('onClose', async () => {
    for (const close of owned.reverse()) await close()
  })
  app.decorate('satchel', ctx)
  app.decorate('satchelRouteGuards', routeGuards)
  app.decorate('satchelStopWebhooks', async () => webhookWorker?.stop())
  return app
}

/**
 * Configured endpoints win; every other known chain uses its public default, except the devnet's
 * local chains in production: their default is 127.0.0.1, and a production server must not make
 * requests to its own host on a user's behalf.
 */
function resolveRpcUrls(config: Pick<Config, 'rpcUrls' | 'env'>): ReadonlyMap<number, string> {
  const devChains: readonly number[] = [LOCAL_CHAIN_ID, LOCAL_BASE_CHAIN_ID]
  const urls = new Map<number, string>()
  for (const chain of chains) {
    const url = chain.rpcUrls.default.http[0]
    if (url && !(config.env === 'production' && devChains.includes(chain.id))) urls.set(chain.id, url)
  }
  for (const [id, url] of config.rpcUrls) urls.set(id, url)
  return urls
}

/**
 * A hop count as the rule proxy-addr applies to it (believe the last n hops). Fastify 5 ignores a bare
 * number (it cannot tell a proxy from a client that connected directly, so it fails closed); an
 * operator who sets a hop count states that only the proxies can reach this port (README).
 */
function toFastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}
