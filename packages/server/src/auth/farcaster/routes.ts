import { randomBytes } from 'node:crypto'
import { ApiError, SIWE_NONCE_TTL_SECONDS } from '@satchel/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isHex } from 'viem'
import { z } from 'zod'
import type { App } from '../../identity/apps/types'
import type { ServerContext } from '../../identity/context'
import { addLoginRoutes } from '../../identity/users/addLoginRoutes'
import type { LinkedAccountInput } from '../../identity/users/usersRepository'
import { getFarcasterChannel, saveFarcasterChannel, takeFarcasterChannel } from './farcasterChannel'
import { createFarcasterChannel, getFarcasterChannelStatus } from './farcasterRelay'
import { getFarcasterSettings } from './farcasterSettings'
import { verifySiwfMessage } from './verifySiwfMessage'

/** The header that carries the channel token on `GET /api/v1/farcaster/status`. */
export const FARCASTER_CHANNEL_TOKEN_HEADER = 'farcaster-channel-token'

const channelTokenSchema = z.string().min(1).max(512)
const fidSchema = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/)])
  .transform(Number)
const signInFields = {
  channel_token: channelTokenSchema,
  fid: fidSchema.refine(Number.isSafeInteger, 'an fid'),
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,4096}$/, 'a 0x-hex signature'),
}

const statusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string().optional(),
  message: z.string().optional(),
  signature: z.string().optional(),
  fid: z.number().optional(),
  username: z.string().optional(),
  display_name: z.string().optional(),
  bio: z.string().optional(),
  pfp_url: z.string().optional(),
})

/**
 * Sign In With Farcaster through an auth relay: `init` opens a channel with a nonce Satchel chose and
 * answers the URI the user opens in their Farcaster app; the client polls `status` until the app has
 * signed; `authenticate` (or `link`) proves the signed message against the ID registry.
 */
export function farcasterRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    addLoginRoutes(app, ctx, {
      path: 'farcaster',
      method: 'farcaster',
      steps(add) {
        add({
          url: '/api/v1/farcaster/init',
          guard: 'public',
          tags: ['farcaster'],
          summary: 'Open a Sign In With Farcaster channel at the auth relay',
          response: { 200: z.object({ channel_token: z.string(), connect_uri: z.string() }) },
          async handle({ request, app: satchelApp }) {
            const settings = getFarcasterSettings(ctx, satchelApp)
            const siweUri = signInOrigin(request, satchelApp)
            const domain = new URL(siweUri).host
            // Chosen here, not by the relay: the signed message must carry a nonce this server issued.
            const nonce = randomBytes(16).toString('hex')
            const channel = await createFarcasterChannel(settings.relayUrl, { siweUri, domain, nonce })
            await saveFarcasterChannel(ctx, channel.channelToken, {
              appId: satchelApp.id,
              nonce,
              domain,
              siweUri,
              expiresAt: ctx.now() + SIWE_NONCE_TTL_SECONDS * 1000,
            })
            return { channel_token: channel.channelToken, connect_uri: channel.url }
          },
        })
        add({
          // A poll every second or two while the user signs in their Farcaster app: not a login attempt.
          limit: false,
          verb: 'GET',
          url: '/api/v1/farcaster/status',
          guard: 'public',
          tags: ['farcaster'],
          summary: 'Poll a Sign In With Farcaster channel: pending, or completed with the signed message',
          headers: z.object({ [FARCASTER_CHANNEL_TOKEN_HEADER]: channelTokenSchema }),
          response: { 200: statusSchema },
          handle: ({ request, app: satchelApp }) =>
            readChannelStatus(
              ctx,
              satchelApp,
              channelTokenSchema.parse(request.headers[FARCASTER_CHANNEL_TOKEN_HEADER]),
            ),
        })
      },
      proof: signInFields,
      verify: (satchelApp, body) => verifyFarcasterAccount(ctx, satchelApp, body),
      summaries: {
        authenticate: 'Sign in with the message and signature a Farcaster app returned through the channel',
        link: 'Link a Farcaster account to the signed-in user',
        unlink: 'Unlink a Farcaster account from the signed-in user',
      },
      unlink: {
        body: z.object({ fid: fidSchema }),
        account: (body) => ({ type: 'farcaster', subject: String(body.fid) }),
      },
    })
  }
}

/** A channel's state at the relay, for a channel this app opened: the route is not a proxy to the relay. */
async function readChannelStatus(ctx: ServerContext, app: App, channelToken: string) {
  const settings = getFarcasterSettings(ctx, app)
  const channel = await getFarcasterChannel(ctx, channelToken)
  if (!channel || channel.appId !== app.id) throw channelGone()
  const status = await getFarcasterChannelStatus(settings.relayUrl, channelToken)
  if (!status) throw channelGone()
  return {
    state: status.state,
    ...(status.nonce ? { nonce: status.nonce } : {}),
    ...(status.message ? { message: status.message } : {}),
    ...(status.signature ? { signature: status.signature } : {}),
    ...(status.fid ? { fid: status.fid } : {}),
    ...(status.username ? { username: status.username } : {}),
    ...(status.displayName ? { display_name: status.displayName } : {}),
    ...(status.bio ? { bio: status.bio } : {}),
    ...(status.pfpUrl ? { pfp_url: status.pfpUrl } : {}),
  }
}

async function verifyFarcasterAccount(
  ctx: ServerContext,
  app: App,
  body: { channel_token: string; fid: number; message: string; signature: string },
): Promise<LinkedAccountInput> {
  const settings = getFarcasterSettings(ctx, app)
  // The channel (and so its nonce) is spent before the message is looked at: whatever fails below,
  // this channel's sign-in cannot be presented again.
  const channel = await takeFarcasterChannel(ctx, body.channel_token)
  if (!channel || channel.appId !== app.id) throw channelGone()
  const { signature } = body
  if (!isHex(signature, { strict: true }))
    throw new ApiError('invalid_data', { message: 'The signature must be 0x-hex' })
  const custody = await verifySiwfMessage(ctx, {
    message: body.message,
    signature,
    fid: body.fid,
    channel,
    settings,
  })
  // The profile is display data the Farcaster app shared through the relay; it is only taken for the
  // fid just proved, and a relay that cannot tell does not stop the sign-in.
  const status = await getFarcasterChannelStatus(settings.relayUrl, body.channel_token).catch(() => undefined)
  const profile = status?.fid === body.fid ? status : undefined
  return {
    type: 'farcaster',
    subject: String(body.fid),
    details: {
      fid: body.fid,
      owner_address: custody,
      username: profile?.username ?? null,
      display_name: profile?.displayName ?? null,
      bio: profile?.bio ?? null,
      profile_picture_url: profile?.pfpUrl ?? null,
    },
  }
}

/** The page signing in (its Origin, already checked against the app's), or the app's first origin. */
function signInOrigin(request: FastifyRequest, app: App): string {
  const origin = request.headers.origin ?? app.allowedOrigins[0]
  if (!origin)
    throw new ApiError('invalid_origin', { message: 'The app has no allowed origin to sign in from' })
  return origin
}

function channelGone() {
  return new ApiError('nonce_expired_or_used', {
    message: 'The Farcaster channel has expired or was already used',
  })
}
