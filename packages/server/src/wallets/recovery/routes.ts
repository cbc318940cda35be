import { randomBytes } from 'node:crypto'
import { ApiError, estimatePasswordEntropy } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readAuth } from '../../identity/guards/readAuth'
import { type Auth, clientIp } from '../../identity/requestContext'
import { writeAudit } from '../../platform/audit/writeAudit'
import { rateLimitInOrder, rateLimits } from '../../platform/http/rateLimit'
import { derivePasscodeKey, PASSCODE_KDF } from './derivePasscodeKey'
import { getAuthShare } from './getAuthShare'
import { isFirstRecoveryLock } from './isFirstRecoveryLock'
import { lockWithSecret } from './lockWithSecret'
import { getRecoveryLock, type RecoveryLock, removeRecoveryLock, requireUserRoot } from './recoveryLocks'
import { recoveryOAuthRoutes } from './recoveryOAuthRoutes'
import { readSessionUnlock } from './sessionUnlock'
import { unlockRecoveryLock } from './unlockRecoveryLock'

/** The least entropy (core's estimate) a recovery passcode may have. */
export const MIN_PASSCODE_ENTROPY_BITS = 40

const passcodeSchema = z.string().min(1).max(256)
const statusSchema = z.object({
  /** How the root is locked, or null when it is not. */
  method: z.enum(['passcode', 'google_drive']).nullable(),
  /** Whether this session can use the wallets (always true without a lock). */
  unlocked: z.boolean(),
})
const security = [{ bearer: [] }]
const WRONG_PASSCODE = 'The recovery passcode is not correct'

/**
 * Recovery passcode: the user's optional extra lock on their wallets. With a passcode set, the auth
 * share exists only sealed under a key derived from it (and, in a session the user unlocked, a
 * per-session copy), so neither the operator's database and keys nor an app server can sign for the
 * user in a new session until the user enters it.
 *
 * - `GET /api/v1/recovery`: is there a lock, and is this session unlocked.
 * - `POST /api/v1/recovery/passcode {passcode, current_passcode?}`: set or change the passcode.
 * - `POST /api/v1/recovery/unlock {passcode}`: unlock this session.
 * - `DELETE /api/v1/recovery`: remove the lock (from an unlocked session).
 * Setting, changing and removing are `user+signed+stepup`: the session key's signature, a fresh MFA
 * token when the user has MFA, and without MFA a login proved in the last 5 minutes for a first lock.
 */
export function recoveryRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(recoveryOAuthRoutes(ctx))

    app.get(
      '/api/v1/recovery',
      {
        schema: {
          tags: ['recovery'],
          summary: 'Recovery lock status of this session',
          security,
          response: { 200: statusSchema },
        },
        config: { guard: 'user' },
      },
      async (request) => {
        const auth = readAuth(request)
        const [root] = await ctx.db.query<{ id: string }>('select id from key_roots where user_id = $1', [
          auth.userId,
        ])
        const lock = root && (await getRecoveryLock(ctx, root.id))
        if (!root || !lock) return { method: null, unlocked: true }
        const unlocked = await readSessionUnlock(ctx, { sessionId: auth.sessionId, rootId: root.id })
        unlocked?.fill(0)
        return { method: lock.kind, unlocked: unlocked !== undefined }
      },
    )

    app.post(
      '/api/v1/recovery/passcode',
      {
        schema: {
          tags: ['recovery'],
          summary:
            'Set or change the recovery passcode (signed; a fresh MFA token when enrolled, else a recent login for a first passcode)',
          security,
          body: z.object({ passcode: passcodeSchema, current_passcode: passcodeSchema.optional() }),
          response: { 200: statusSchema },
        },
        config: { guard: 'user+signed+stepup', freshLogin: isFirstRecoveryLock },
      },
      async (request) => {
        const auth = readAuth(request)
        const { bits } = estimatePasswordEntropy(request.body.passcode)
        if (bits < MIN_PASSCODE_ENTROPY_BITS) {
          throw new ApiError('invalid_data', {
            message: `The passcode is too easy to guess (about ${Math.floor(bits)} bits of entropy; at least ${MIN_PASSCODE_ENTROPY_BITS} are needed). Use a longer passcode, more kinds of characters, or a generated passphrase`,
          })
        }
        // Each call runs scrypt (32 MiB) once or twice: bounded per user and per address first, before
        // even a database read, so a flood is refused for the price of a counter.
        await limitPasscodeWork(ctx, clientIp(request), auth.userId)
        const root = await requireUserRoot(ctx, auth.userId)
        const lock = await getRecoveryLock(ctx, root.id)
        // Changing a passcode needs the current one (or a session already unlocked with it): a session
        // token alone must not be able to lock the user out of their own wallets.
        const authShare =
          lock && request.body.current_passcode !== undefined
            ? await unlockWithPasscode(ctx, auth, clientIp(request), lock, request.body.current_passcode)
            : await getAuthShare(ctx, {
                rootId: root.id,
                sessionId: auth.sessionId,
                sealedAuthShare: root.sealedAuthShare,
              })
        const salt = randomBytes(16)
        const secretKey = await derivePasscodeKey(request.body.passcode, salt, PASSCODE_KDF)
        try {
          await lockWithSecret(ctx, auth, {
            rootId: root.id,
            userId: auth.userId,
            kind: 'passcode',
            secretKey,
            authShare,
            salt,
            kdf: PASSCODE_KDF,
          })
        } finally {
          secretKey.fill(0)
          authShare.fill(0)
        }
        return { method: 'passcode' as const, unlocked: true }
      },
    )

    app.post(
      '/api/v1/recovery/unlock',
      {
        schema: {
          tags: ['recovery'],
          summary: 'Unlock the wallets for this session with the recovery passcode (5 tries per 15 minutes)',
          security,
          body: z.object({ passcode: passcodeSchema }),
          response: { 200: statusSchema },
        },
        // Unlocking changes nothing and reveals nothing: signing still needs the session key.
        config: { guard: 'user' },
      },
      async (request) => {
        const auth = readAuth(request)
        await limitPasscodeWork(ctx, clientIp(request))
        const root = await requireUserRoot(ctx, auth.userId)
        const lock = await getRecoveryLock(ctx, root.id)
        if (lock?.kind !== 'passcode')
          throw new ApiError('invalid_data', { message: 'No recovery passcode is set for this user' })
        const authShare = await unlockWithPasscode(ctx, auth, clientIp(request), lock, request.body.passcode)
        authShare.fill(0)
        return { method: 'passcode' as const, unlocked: true }
      },
    )

    app.delete(
      '/api/v1/recovery',
      {
        schema: {
          tags: ['recovery'],
          summary:
            'Remove the recovery lock, from a session unlocked with it (signed; a fresh MFA token when enrolled)',
          security,
          response: { 200: statusSchema },
        },
        config: { guard: 'user+signed+stepup' },
      },
      async (request) => {
        const auth = readAuth(request)
        const root = await requireUserRoot(ctx, auth.userId)
        const lock = await getRecoveryLock(ctx, root.id)
        if (!lock) return { method: null, unlocked: true }
        const authShare = await getAuthShare(ctx, {
          rootId: root.id,
          sessionId: auth.sessionId,
          sealedAuthShare: null,
        })
        try {
          await removeRecoveryLock(ctx, { rootId: root.id, authShare })
        } finally {
          authShare.fill(0)
        }
        await ctx.wallets.forgetSigningWallets(auth.userId)
        await writeAudit(ctx.db, {
          appId: auth.app.id,
          userId: auth.userId,
          sessionId: auth.sessionId,
          action: 'recovery.remove',
          outcome: 'success',
          details: { method: lock.kind },
        })
        return { method: null, unlocked: true }
      },
    )
  }
}

/**
 * The scrypt work one address (and, setting a passcode, one user) may ask for; besides, the process
 * runs at most a few derivations at once (`passcodeKdfLimit`). Unlocking is also held by its tries.
 */
async function limitPasscodeWork(ctx: ServerContext, ip: string, userId?: string): Promise<void> {
  await rateLimitInOrder(ctx.kv, ctx.config.rateLimitScale, [
    [`passcode-kdf-ip:${ip}`, rateLimits.passcodeWorkPerIp],
    ...(userId ? [[`passcode-kdf-user:${userId}`, rateLimits.passcodeWorkPerUser] as const] : []),
  ])
}

function unlockWithPasscode(
  ctx: ServerContext,
  auth: Auth,
  ip: string,
  lock: RecoveryLock,
  passcode: string,
): Promise<Uint8Array> {
  if (lock.kind !== 'passcode' || !lock.salt || !lock.kdf)
    throw new ApiError('invalid_data', {
      message: 'This wallet is locked with Google Drive recovery, not a passcode',
    })
  const { salt, kdf } = lock
  return unlockRecoveryLock(ctx, {
    auth,
    ip,
    lock,
    secretKey: () => derivePasscodeKey(passcode, salt, kdf),
    wrongSecretMessage: WRONG_PASSCODE,
  })
}
