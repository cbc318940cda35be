import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import { rateLimits } from '../../platform/http/rateLimit'
import { verifySiwe } from './verifySiwe'
import { issueWalletNonce } from './walletNonce'

const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte address')

/** `1`, `"1"` or the CAIP-2 `"eip155:1"`, as wallets and SDKs variously send it. */
const chainIdSchema = z
  .union([z.number().int().positive(), z.string().regex(/^(eip155:)?\d{1,12}$/)])
  .transform((v) => (typeof v === 'number' ? v : Number(v.replace('eip155:', ''))))

const proofFields = {
  message: z.string().min(1).max(8192),
  // An EOA signs 65 bytes; smart-contract wallets (EIP-1271) and EIP-6492 wrappers return more.
  signature: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2}){1,16384}$/, '0x-prefixed hex')
    .transform((hex): `0x${string}` => `0x${hex.slice(2)}`),
  chain_id: chainIdSchema,
  wallet_client_type: z.string().max(64).optional(),
  connector_type: z.string().max(64).optional(),
}

/** Sign-In with Ethereum (EIP-4361): nonce, sign in (or up), link and unlink a wallet. */
export function siweRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'siwe',
      method: 'siwe',
      steps: (add) =>
        add({
          limit: { key: 'nonce-ip', rule: rateLimits.walletNoncePerIp },
          url: '/api/v1/siwe/init',
          guard: 'public',
          tags: ['siwe'],
          summary: 'A single-use nonce for a Sign-In with Ethereum message from this address (10 minutes)',
          body: z.object({ address: addressSchema }),
          response: { 200: z.object({ nonce: z.string(), address: z.string(), expires_at: z.string() }) },
          async handle({ app: satchelApp, body }) {
            const { nonce, expiresAt } = await issueWalletNonce(
              ctx,
              satchelApp.id,
              'siwe',
              body.address.toLowerCase(),
            )
            return { nonce, address: body.address, expires_at: expiresAt.toISOString() }
          },
        }),
      proof: proofFields,
      verify: (satchelApp, body) =>
        verifySiwe(ctx, satchelApp, {
          message: body.message,
          signature: body.signature,
          chainId: body.chain_id,
          walletClientType: body.wallet_client_type,
          connectorType: body.connector_type,
        }),
      summaries: {
        authenticate: 'Sign in (or up) with a signed Sign-In with Ethereum message',
        link: 'Link an Ethereum wallet to the signed-in user with a signed Sign-In with Ethereum message',
        unlink: 'Unlink an Ethereum wallet from the signed-in user',
      },
      unlink: {
        body: z.object({ address: addressSchema }),
        account: (body) => ({ type: 'wallet', subject: body.address.toLowerCase() }),
      },
    })
  }
}
