import { ApiError } from '@satchel/core'
import { createId, createRandomToken, hashToken, secretsEqual } from '../../platform/crypto/tokens'
import type { Db } from '../../platform/db/createDatabase'
import { hasPlaintextAppSecrets } from './hasPlaintextAppSecrets'
import { sealAppSettings } from './sealAppSettings'
import { type App, type AppSettings, type LoginMethod, loginMethods } from './types'

type AppRow = {
  id: string
  name: string
  secret_hash: Buffer
  allowed_origins: string[]
  login_methods: string[]
  mode: 'development' | 'production'
  dev_user_limit: number | null
  require_terms: boolean
  cookie_mode: boolean
  settings: AppSettings
  created_at: Date
}

export type CreateAppParameters = {
  name: string
  allowedOrigins: string[]
  loginMethods?: LoginMethod[]
  mode?: 'development' | 'production'
  requireTerms?: boolean
  cookieMode?: boolean
  settings?: AppSettings
}

const CACHE_MS = 5_000

/**
 * Apps, read through a short cache: every request resolves its app, and an operator's change shows
 * within seconds on every instance. Secret settings (OAuth client secrets, bot tokens) are sealed
 * under `encryptionKey` before they are written, and stay sealed in every app this returns: the code
 * that uses one opens it (apps/openAppSettings.ts). Without `encryptionKey` (benchmarks), settings
 * holding a secret are refused rather than stored in plaintext.
 */
export function createAppsRepository(db: Db, now: () => number = Date.now, encryptionKey?: Uint8Array) {
  // The secret's hash is kept beside the app, never in it: an App is passed around and logged.
  const cache = new Map<string, { app: App | undefined; secretHash: Buffer | undefined; at: number }>()
  let originsCache: { origins: Set<string>; at: number } | undefined

  async function load(id: string) {
    const hit = cache.get(id)
    if (hit && now() - hit.at < CACHE_MS) return hit
    const [row] = await db.query<AppRow>('select * from apps where id = $1', [id])
    const entry = { app: row ? toApp(row) : undefined, secretHash: row?.secret_hash, at: now() }
    cache.set(id, entry)
    return entry
  }

  async function getApp(id: string): Promise<App | undefined> {
    return (await load(id)).app
  }

  function sealSettings(appId: string, settings: AppSettings): AppSettings {
    if (!hasPlaintextAppSecrets(settings)) return settings
    if (!encryptionKey) throw new Error('App settings with secrets need the API encryption key to be stored')
    return sealAppSettings(encryptionKey, appId, settings)
  }

  return {
    getApp,

    /** Like getApp, but an unknown id is the client's error. */
    async requireApp(id: string): Promise<App> {
      const app = await getApp(id)
      if (!app) throw new ApiError('app_not_found')
      return app
    },

    /** Creates an app; the secret is returned once and only its hash is kept. */
    async createApp(parameters: CreateAppParameters): Promise<{ app: App; secret: string }> {
      for (const origin of parameters.allowedOrigins) assertOrigin(origin)
      const id = createId('app')
      const secret = `sk_${createRandomToken(32)}`
      const [row] = await db.query<AppRow>(
        `insert into apps (id, name, secret_hash, allowed_origins, login_methods, mode, require_terms, cookie_mode, settings)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
        [
          id,
          parameters.name,
          hashToken(secret),
          parameters.allowedOrigins,
          parameters.loginMethods ?? ['email', 'sms', 'guest'],
          parameters.mode ?? 'development',
          parameters.requireTerms ?? false,
          parameters.cookieMode ?? false,
          JSON.stringify(sealSettings(id, parameters.settings ?? {})),
        ],
      )
      if (!row) throw new Error('insert returned nothing')
      originsCache = undefined
      return { app: toApp(row), secret }
    },

    async updateApp(
      id: string,
      patch: Partial<
        Pick<
          App,
          | 'allowedOrigins'
          | 'loginMethods'
          | 'mode'
          | 'requireTerms'
          | 'cookieMode'
          | 'settings'
          | 'devUserLimit'
        >
      >,
    ): Promise<App> {
      const current = await getApp(id)
      if (!current) throw new ApiError('app_not_found')
      const next = { ...current, ...patch, settings: sealSettings(id, patch.settings ?? current.settings) }
      await db.query(
        `update apps set allowed_origins = $2, login_methods = $3, mode = $4, require_terms = $5, cookie_mode = $6,
         settings = $7, dev_user_limit = $8 where id = $1`,
        [
          id,
          next.allowedOrigins,
          next.loginMethods,
          next.mode,
          next.requireTerms,
          next.cookieMode,
          JSON.stringify(next.settings),
          next.devUserLimit,
        ],
      )
      cache.delete(id)
      originsCache = undefined
      return next
    },

    async listApps(): Promise<App[]> {
      return (await db.query<AppRow>('select * from apps order by created_at')).map(toApp)
    },

    /** Checks an app's secret in constant time (server-to-server calls use Basic auth). */
    async verifySecret(id: string, secret: string): Promise<boolean> {
      const { secretHash } = await load(id)
      // Compare against a dummy when the app is unknown so timing does not reveal which ids exist.
      return secretsEqual(secretHash ?? Buffer.alloc(32), hashToken(secret)) && secretHash !== undefined
    },

    /** Every origin any app allows: CORS preflights carry no app id, so they are checked against this union. */
    async allOrigins(): Promise<Set<string>> {
      if (originsCache && now() - originsCache.at < CACHE_MS) return originsCache.origins
      const rows = await db.query<{ origin: string }>(
        'select distinct unnest(allowed_origins) as origin from apps',
      )
      originsCache = { origins: new Set(rows.map((r) => r.origin)), at: now() }
      return originsCache.origins
    },
  }
}

export type AppsRepository = ReturnType<typeof createAppsRepository>

function toApp(row: AppRow): App {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    loginMethods: row.login_methods.filter((m): m is LoginMethod =>
      (loginMethods as readonly string[]).includes(m),
    ),
    mode: row.mode,
    devUserLimit: row.dev_user_limit,
    requireTerms: row.require_terms,
    cookieMode: row.cookie_mode,
    settings: row.settings,
    createdAt: row.created_at,
  }
}

/** Origins are scheme://host[:port] with nothing after, exactly as browsers send them. */
export function assertOrigin(origin: string): void {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new ApiError('invalid_data', { message: `Invalid origin: ${origin}` })
  }
  if (url.origin !== origin || !['http:', 'https:'].includes(url.protocol))
    throw new ApiError('invalid_data', { message: `Invalid origin: ${origin} (use scheme://host[:port])` })
}
