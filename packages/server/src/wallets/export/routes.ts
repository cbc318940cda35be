import { ApiError } from '@satchel/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { readAuth } from '../../identity/guards/readAuth'
import { getP256KeyThumbprint } from '../../identity/signedRequests/authorizationSignature'
import { writeAudit } from '../../platform/audit/writeAudit'
import { VaultError } from '../../vault/VaultError'
import { getAuthShare } from '../recovery/getAuthShare'
import { toVaultApiError } from '../signWithVault'
import { assertRecipientPublicKey } from './assertRecipientPublicKey'

/**
 * `POST /api/v1/wallets/:wallet_id/export {recipient_public_key, what?}` -> `{ciphertext}`: the seed
 * phrase (`what: 'mnemonic'`) or the wallet's private key (default), encrypted by the vault as a
 * compact JWE (ECDH-ES + A256GCM) to a P-256 key the client made for this export alone. The API
 * relays ciphertext only; the plaintext exists in the vault and, after decryption, in the browser.
 *
 * Who may export: the wallet's owner, `user+signed+stepup` with `freshLogin` (the guard): the session
 * key's signature, then a fresh MFA token (`satchel-mfa-token`) when the user has MFA, else a login
 * proved in the last 5 minutes (the sign-in, or a reauthentication). A user with MFA always needs it:
 * signing in (with an email code, say) is exactly what a second factor must not be enough for. A
 * wallet locked with a recovery passcode also needs this session to be unlocked. Every export is in
 * the audit log (never the ciphertext); the guard records its own refusals (`guard.refused`).
 */
export function exportRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/wallets/:wallet_id/export',
      {
        schema: {
          tags: ['wallets'],
          summary: "Export the wallet's private key or seed phrase, encrypted to the client's key (JWE)",
          security: [{ bearer: [] }],
          params: z.object({ wallet_id: z.string().min(1).max(100) }),
          body: z.object({
            recipient_public_key: z.record(z.string(), z.unknown()),
            what: z.enum(['private_key', 'mnemonic']).default('private_key'),
          }),
          response: { 200: z.object({ ciphertext: z.string() }) },
        },
        // The one thing a stolen token must never do: signed, then a fresh second factor, or without
        // one a login proved in the last 5 minutes.
        config: { guard: 'user+signed+stepup', freshLogin: true },
      },
      async (request) => {
        const auth = readAuth(request)
        const wallet = await ctx.wallets.getWallet(request.params.wallet_id)
        // Another user's wallet is answered exactly like one that does not exist.
        if (!wallet || wallet.userId !== auth.userId || wallet.appId !== auth.app.id)
          throw new ApiError('embedded_wallet_not_found')
        const { what } = request.body
        const audit = {
          appId: auth.app.id,
          userId: auth.userId,
          sessionId: auth.sessionId,
          action: 'wallet.export',
        }
        const facts = { wallet_id: wallet.id, chain_type: wallet.chainType, what }
        try {
          const recipientPublicKey = assertRecipientPublicKey(request.body.recipient_public_key)
          const [root] = await ctx.db.query<{
            sealed_vault_share: Uint8Array
            sealed_auth_share: Uint8Array | null
          }>('select sealed_vault_share, sealed_auth_share from key_roots where id = $1', [wallet.rootId])
          if (!root) throw new ApiError('embedded_wallet_not_found')
          const authShare = await getAuthShare(ctx, {
            rootId: wallet.rootId,
            sessionId: auth.sessionId,
            sealedAuthShare: root.sealed_auth_share,
          })
          let ciphertext: string
          try {
            ;({ ciphertext } = await ctx.vault.export({
              rootId: wallet.rootId,
              sealedVaultShare: new Uint8Array(root.sealed_vault_share),
              authShare,
              chainType: wallet.chainType,
              index: wallet.index,
              what,
              recipientPublicKey,
            }))
          } catch (error) {
            if (error instanceof VaultError && error.code === 'invalid_recipient_key')
              throw new ApiError('invalid_data', { message: error.message })
            throw toVaultApiError(error)
          } finally {
            authShare.fill(0)
          }
          await writeAudit(ctx.db, {
            ...audit,
            outcome: 'success',
            details: { ...facts, recipient_key: getP256KeyThumbprint(recipientPublicKey) },
          })
          return { ciphertext }
        } catch (error) {
          const code = error instanceof ApiError ? error.code : 'internal_error'
          const denied = code === 'recovery_required'
          await writeAudit(ctx.db, {
            ...audit,
            outcome: denied ? 'denied' : 'failure',
            details: { ...facts, code },
          })
          throw error
        }
      },
    )
  }
}
