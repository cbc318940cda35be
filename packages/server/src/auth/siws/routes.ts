import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import { rateLimits } from '../../platform/http/rateLimit'
import { issueWalletNonce } from '../siwe/walletNonce'
import { decodeBase58 } from './decodeBase58'
import { verifySiws } from './verifySiws'

/** A Solana address: the base58 text of a 32-byte ed25519 public key. */
const addressSchema = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a base58 Solana address')
  .refine((a) => decodeBase58(a)?.length === 32, 'a base58 Solana address (32 bytes)')

const proofFields = {
  message: z.string().min(1).max(8192),
  /** The 64-byte ed25519 signature, base64 or base58. */
  signature: z.string().min(80).max(100),
  wallet_client_type: z.string().max(64).optional(),
  connector_type: z.string().max(64).optional(),
}

/** Sign In With Solana: nonce, sign in (or up), link and unlink a Solana wallet. */
export function siwsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'siws',
      method: 'siws',
      steps: (add) =>
        add({
          limit: { key: 'nonce-ip', rule: rateLimits.walletNoncePerIp },
          url: '/api/v1/siws/init',
          guard: 'public',
          tags: ['siws'],
          summary: 'A single-use nonce for a Sign In With Solana message from this address (10 minutes)',
          body: z.object({ address: addressSchema }),
          response: { 200: z.object({ nonce: z.string(), address: z.string(), expires_at: z.string() }) },
          async handle({ app: satchelApp, body }) {
            const { nonce, expiresAt } = await issueWalletNonce(ctx, satchelApp.id, 'siws', body.address)
            return { nonce, address: body.address, expires_at: expiresAt.toISOString() }
          },
        }),
      proof: proofFields,
      verify: (satchelApp, body) =>
        verifySiws(ctx, satchelApp, {
          message: body.message,
          signature: body.signature,
          walletClientType: body.wallet_client_type,
          connectorType: body.connector_type,
        }),
      summaries: {
        authenticate:
          'Sign in (or up) with a signed Sign In With Solana message (signature base64 or base58)',
        link: 'Link a Solana wallet to the signed-in user with a signed Sign In With Solana message',
        unlink: 'Unlink a Solana wallet from the signed-in user',
      },
      unlink: {
        body: z.object({ address: addressSchema }),
        account: (body) => ({ type: 'wallet', subject: body.address }),
      },
    })
  }
}
