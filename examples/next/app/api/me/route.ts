import { ApiError, createSatchelNode, type SatchelNode } from '@satchel/node'

// Web Crypto and fetch only: @satchel/node runs on the edge runtime as well as on Node.
export const runtime = 'edge'

let satchel: SatchelNode | undefined

/** One per process, made on first use: it keeps the app's verification keys between requests. */
function getSatchel(): SatchelNode {
  satchel ??= createSatchelNode({
    serverUrl: process.env.SATCHEL_SERVER_URL ?? '',
    appId: process.env.NEXT_PUBLIC_SATCHEL_APP_ID ?? '',
  })
  return satchel
}

/** `GET /api/me` with `Authorization: Bearer <access token>`: the signed-in user's id, or 401. */
export async function GET(request: Request) {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '')
  try {
    const { userId } = await getSatchel().verifyAccessToken(token)
    return Response.json({ userId })
  } catch (error) {
    if (error instanceof ApiError) return Response.json(error.toJSON(), { status: error.status })
    throw error
  }
}
