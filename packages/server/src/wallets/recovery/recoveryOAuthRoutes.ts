import { createHash, randomBytes } from 'node:crypto'
import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fetchProviderJson } from '../../auth/oauth/fetchProviderJson'
import type { ServerContext } from '../../identity/context'
import { readAuth } from '../../identity/guards/readAuth'
import { clientIp } from '../../identity/requestContext'
import { secretsEqual } from '../../platform/crypto/tokens'
import { getAuthShare } from './getAuthShare'
import { readDriveKeyFile, saveDriveKeyFile } from './googleDrive'
import { isFirstRecoveryLock } from './isFirstRecoveryLock'
import { lockWithSecret } from './lockWithSecret'
import { getRecoveryLock, requireUserRoot } from './recoveryLocks'
import { getRecoveryOAuthSettings, type RecoveryOAuthSettings } from './recoveryOAuthSettings'
import { unlockRecoveryLock } from './unlockRecoveryLock'

/** How long the user has to come back from the provider. */
export const RECOVERY_OAUTH_STATE_TTL_SECONDS = 10 * 60

const pkceSchema = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'a PKCE value (43 to 128 URL-safe characters)')
const stateSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, '16 to 128 URL-safe characters')
const savedStateSchema = z.object({
  sessionId: z.string(),
  purpose: z.enum(['enroll', 'unlock']),
  redirectTo: z.string(),
  codeChallenge: z.string(),
})
const tokenSchema = z.object({ access_token: z.string().min(1) })
const statusSchema = z.object({ method: z.literal('google_drive'), unlocked: z.literal(true) })

/**
 * Recovery through the user's own Google Drive: instead of a passcode they must remember, the key
 * that locks their auth share is a random 32-byte key kept in their Drive app-data folder, which
 * only this app's OAuth client can read. The server holds the locked share; Google holds the key;
 * neither alone can sign. The flow mirrors OAuth login (the client makes the PKCE pair and the state):
 *
 * - `POST /api/v1/recovery/oauth/init {purpose: enroll|unlock, redirect_to, code_challenge, state_code}` -> `{url}`
 * - `POST /api/v1/recovery/oauth/authenticate {authorization_code, state_code, code_verifier}`:
 *   `enroll` stores a new key in Drive and locks the root with it (from a session that can use the
 *   wallet); `unlock` reads the key back and unlocks this session.
 * `init` is `user+signed+stepup` (a fresh MFA token when enrolled; without MFA, a recent login for a
 * first lock); `authenticate` is `user+signed` and redeems the single-use state `init` bound to this
 * session, so the step-up `init` passed covers it.
 */
export function recoveryOAuthRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/recovery/oauth/init',
      {
        schema: {
          tags: ['recovery'],
          summary: 'Start Google Drive recovery: answers the authorization URL',
          security: [{ bearer: [] }],
          body: z.object({
            purpose: z.enum(['enroll', 'unlock']),
            redirect_to: z.url(),
            code_challenge: pkceSchema,
            state_code: stateSchema,
          }),
          response: { 200: z.object({ url: z.string() }) },
        },
        // Enrolling locks the wallets behind a Google account: as sensitive as a first passcode. The
        // state it saves is single use and bound to this session, so authenticate needs no second step-up.
        config: { guard: 'user+signed+stepup', freshLogin: isFirstRecoveryLock },
      },
      async (request) => {
        const {
          purpose,
          redirect_to: redirectTo,
          code_challenge: codeChallenge,
          state_code: state,
        } = request.body
        const auth = readAuth(request)
        const settings = getRecoveryOAuthSettings(ctx, auth.app)
        const root = await requireUserRoot(ctx, auth.userId)
        if (purpose === 'unlock' && (await getRecoveryLock(ctx, root.id))?.kind !== 'google_drive')
          throw new ApiError('invalid_data', {
            message: 'This wallet is not locked with Google Drive recovery',
          })
        // The code comes back to this page: anywhere else, and another site would receive it.
        if (!auth.app.allowedOrigins.includes(new URL(redirectTo).origin))
          throw new ApiError('invalid_origin', {
            message: 'redirect_to must be on an allowed origin of the app',
          })
        const saved = await ctx.kv.setIfAbsent(
          stateKey(state),
          JSON.stringify({ sessionId: auth.sessionId, purpose, redirectTo, codeChallenge }),
          RECOVERY_OAUTH_STATE_TTL_SECONDS,
        )
        if (!saved) throw new ApiError('invalid_data', { message: 'This state_code is already in use' })
        const url = new URL(settings.authorizationUrl)
        url.searchParams.set('response_type', 'code')
        url.searchParams.set('client_id', settings.clientId)
        url.searchParams.set('redirect_uri', redirectTo)
        url.searchParams.set('scope', settings.scopes.join(' '))
        url.searchParams.set('state', state)
        url.searchParams.set('code_challenge', codeChallenge)
        url.searchParams.set('code_challenge_method', 'S256')
        return { url: url.toString() }
      },
    )

    app.post(
      '/api/v1/recovery/oauth/authenticate',
      {
        schema: {
          tags: ['recovery'],
          summary: 'Finish Google Drive recovery: enrol (store the key, lock) or unlock this session',
          security: [{ bearer: [] }],
          body: z.object({
            authorization_code: z.string().min(1).max(4096),
            state_code: stateSchema,
            code_verifier: pkceSchema,
          }),
          response: { 200: statusSchema },
        },
        config: { guard: 'user+signed' },
      },
      async (request) => {
        const auth = readAuth(request)
        // Taken (single use) before anything else: a replayed code and state fail even if a later step throws.
        const state = parseState(await ctx.kv.take(stateKey(request.body.state_code)))
        const challenge = createHash('sha256').update(request.body.code_verifier).digest('base64url')
        if (!state || state.sessionId !== auth.sessionId || !secretsEqual(challenge, state.codeChallenge))
          throw new ApiError('oauth_state_mismatch')
        const settings = getRecoveryOAuthSettings(ctx, auth.app)
        const root = await requireUserRoot(ctx, auth.userId)
        const accessToken = await exchangeCode(settings, {
          code: request.body.authorization_code,
          codeVerifier: request.body.code_verifier,
          redirectUri: state.redirectTo,
        })
        const drive = { driveApiUrl: settings.driveApiUrl, accessToken }
        const fileName = `satchel-recovery-${root.id}.json`

        if (state.purpose === 'unlock') {
          const lock = await getRecoveryLock(ctx, root.id)
          if (lock?.kind !== 'google_drive')
            throw new ApiError('invalid_data', {
              message: 'This wallet is not locked with Google Drive recovery',
            })
          const authShare = await unlockRecoveryLock(ctx, {
            auth,
            ip: clientIp(request),
            lock,
            secretKey: async () => {
              const key = await readDriveKeyFile(drive, lock.driveFileName ?? fileName)
              if (!key)
                throw new ApiError('invalid_credentials', {
                  message: 'No recovery key for this wallet in this Google Drive',
                })
              return key
            },
            wrongSecretMessage: 'The recovery key in this Google Drive does not open this wallet',
          })
          authShare.fill(0)
          return { method: 'google_drive' as const, unlocked: true as const }
        }

        const authShare = await getAuthShare(ctx, {
          rootId: root.id,
          sessionId: auth.sessionId,
          sealedAuthShare: root.sealedAuthShare,
        })
        const secretKey = new Uint8Array(randomBytes(32))
        try {
          // Stored in Drive first: if the upload fails, nothing is locked behind a key nobody holds.
          await saveDriveKeyFile(drive, fileName, secretKey)
          await lockWithSecret(ctx, auth, {
            rootId: root.id,
            userId: auth.userId,
            kind: 'google_drive',
            secretKey,
            authShare,
            driveFileName: fileName,
          })
        } finally {
          secretKey.fill(0)
          authShare.fill(0)
        }
        return { method: 'google_drive' as const, unlocked: true as const }
      },
    )
  }
}

const stateKey = (state: string) => `recovery-oauth:${state}`

function parseState(stored: string | undefined): z.infer<typeof savedStateSchema> | undefined {
  if (!stored) return undefined
  try {
    const parsed = savedStateSchema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The authorization code and PKCE verifier for an access token, as the app's client (HTTP Basic). */
async function exchangeCode(
  settings: RecoveryOAuthSettings,
  { code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string },
): Promise<string> {
  const credentials = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`
  const { status, body } = await fetchProviderJson(settings.tokenUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    }),
  })
  const tokens = tokenSchema.safeParse(body)
  if (status !== 200 || !tokens.success)
    throw new ApiError('invalid_credentials', { message: 'Google refused the authorization code' })
  return tokens.data.access_token
}
