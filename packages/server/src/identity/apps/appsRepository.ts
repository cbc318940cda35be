import { ApiError } from '@satchel/core'
import { createId, createRandomToken, hashToken } from '../../platform/crypto/tokens'
import type { Db } from '../../platform/db/createDatabase'
import {
  type AppSecretAccess,
  listAppSecrets,
  matchAppSecret,
  type StoredAppSecret,
  touchAppSecret,
} from '../appSecrets/appSecrets'
import { hasPlaintextAppSecrets } from './hasPlaintextAppSecrets'
import { parseAccessLists, toAccessListsJson } from './parseAccessLists'
import { sealAppSettings } from './sealAppSettings'
import {
  type App,
  type AppSettings,
  type LoginMethod,
  loginMethods,
  type MfaRequirement,
  type WalletsOnLogin,
} from './types'

type AppRow = {
  id: string
  name: string
  allowed_origins: string[]
  login_methods: string[]
  mode: 'development' | 'production'
  dev_user_limit: number | null
  require_terms: boolean
  cookie_mode: boolean
  settings: AppSettings
  terms_url: string | null
  mfa_requirement: MfaRequirement
  wallets_on_login: WalletsOnLogin
  deletion_grace_days: number
  access_lists: unknown
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
  // The secrets' hashes are kept beside the app, never in it: an App is passed around and logged.
  const cache = new Map<string, { app: App | undefined; secrets: StoredAppSecret[]; at: number }>()
  let originsCache: { origins: Set<string>; at: number } | undefined

  async function load(id: string) {
    const hit = cache.get(id)
    if (hit && now() - hit.at < CACHE_MS) return hit
    const [row] = await db.query<AppRow>('select * from apps where id = $1', [id])
    const secrets = row ? await listAppSecrets(db, id) : []
    const entry = { app: row ? toApp(row) : undefined, secrets, at: now() }
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

    /** Creates an app with one full secret; the secret is returned once and only its hash is kept. */
    async createApp(parameters: CreateAppParameters): Promise<{ app: App; secret: string }> {
      for (const origin of parameters.allowedOrigins) assertOrigin(origin)
      const id = createId('app')
      const secret = `sk_${createRandomToken(32)}`
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.query<AppRow>(
          `insert into apps (id, name, allowed_origins, login_methods, mode, require_terms, cookie_mode, settings)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
          [
            id,
            parameters.name,
            parameters.allowedOrigins,
            parameters.loginMethods ?? ['email', 'sms', 'guest'],
            parameters.mode ?? 'development',
            parameters.requireTerms ?? false,
            parameters.cookieMode ?? false,
            JSON.stringify(sealSettings(id, parameters.settings ?? {})),
          ],
        )
        await tx.query(
          `insert into app_secrets (id, app_id, secret_hash, prefix, access) values ($1, $2, $3, $4, 'full')`,
          [createId('sec'), id, hashToken(secret), secret.slice(0, 8)],
        )
        return inserted
      })
      if (!row) throw new Error('insert returned nothing')
      originsCache = undefined
      return { app: toApp(row), secret }
    },

    async updateApp(
      id: string,
      patch: Partial<
        Pick<
          App,
          | 'name'
          | 'allowedOrigins'
          | 'loginMethods'
          | 'mode'
          | 'requireTerms'
          | 'cookieMode'
          | 'settings'
          | 'devUserLimit'
          | 'termsUrl'
          | 'mfaRequirement'
          | 'walletsOnLogin'
          | 'deletionGraceDays'
          | 'accessLists'
        >
      >,
    ): Promise<App> {
      const current = await getApp(id)
      if (!current) throw new ApiError('app_not_found')
      const next = { ...current, ...patch, settings: sealSettings(id, patch.settings ?? current.settings) }
      await db.query(
        `update apps set allowed_origins = $2, login_methods = $3, mode = $4, require_terms = $5, cookie_mode = $6,
         settings = $7, dev_user_limit = $8, terms_url = $9, mfa_requirement = $10, wallets_on_login = $11,
         deletion_grace_days = $12, access_lists = $13, name = $14 where id = $1`,
        [
          id,
          next.allowedOrigins,
          next.loginMethods,
          next.mode,
          next.requireTerms,
          next.cookieMode,
          JSON.stringify(next.settings),
          next.devUserLimit,
          next.termsUrl,
          next.mfaRequirement,
          next.walletsOnLogin,
          next.deletionGraceDays,
          JSON.stringify(toAccessListsJson(next.accessLists)),
          next.name,
        ],
      )
      cache.delete(id)
      originsCache = undefined
      return next
    },

    async listApps(): Promise<App[]> {
      return (await db.query<AppRow>('select * from apps order by created_at')).map(toApp)
    },

    /**
     * Which of the app's secrets `secret` is, checked in constant time (server-to-server calls use
     * Basic auth), with its access level; undefined for a wrong secret or an unknown app. Its use is
     * recorded (at most once a minute) for the owner's list.
     */
    async checkSecret(
      id: string,
      secret: string,
    ): Promise<{ secretId: string; access: AppSecretAccess } | undefined> {
      const { secrets } = await load(id)
      // Compare against a dummy when the app is unknown so timing does not reveal which ids exist.
      const found = matchAppSecret(secrets.length > 0 ? secrets : [DUMMY_SECRET], secret)
      if (!found || found === DUMMY_SECRET) return undefined
      const at = now()
      if (!found.lastUsedAt || at - found.lastUsedAt.getTime() >= 60_000) {
        found.lastUsedAt = new Date(at)
        await touchAppSecret(db, found.id, found.lastUsedAt)
      }
      return { secretId: found.id, access: found.access }
    },

    /** Drops this instance's cached secrets of an app (after one is made or deleted here). */
    forgetSecrets(id: string): void {
      cache.delete(id)
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

const DUMMY_SECRET: StoredAppSecret = {
  id: '',
  prefix: '',
  access: 'read_only',
  createdAt: new Date(0),
  lastUsedAt: null,
  hash: Buffer.alloc(32),
}

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
    termsUrl: row.terms_url,
    mfaRequirement: row.mfa_requirement,
    walletsOnLogin: row.wallets_on_login,
    deletionGraceDays: row.deletion_grace_days,
    accessLists: parseAccessLists(row.access_lists),
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
