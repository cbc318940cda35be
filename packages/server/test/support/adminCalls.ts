import type { LightMyRequestResponse } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type { TestServer } from '../harness'
import { basicAuth, type P256Key, signedCall } from '../walletRequests'
import type { ReceivedWebhook } from '../webhookReceiver'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** Admin API calls as an app's backend makes them: HTTP Basic with one of the app's secrets, no Origin. */
export function createAdminClient(t: TestServer, appId: string, secret: string) {
  const call = (method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    t.call(method, url, {
      origin: null,
      appId,
      headers: basicAuth(appId, secret),
      ...(body !== undefined && { body }),
    })
  /** The call's JSON answer, failing the test with the body when it is not a 200. */
  const ok = async <T = Record<string, unknown>>(method: Method, url: string, body?: unknown): Promise<T> => {
    const response = await call(method, url, body)
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
    return response.json() as T
  }
  return { call, ok }
}

export type AdminClient = ReturnType<typeof createAdminClient>

/** A new app of the test server with a full admin client (and its secret). */
export async function createAdminApp(t: TestServer, parameters: Parameters<TestServer['createApp']>[0] = {}) {
  const { app, secret } = await t.createApp(parameters)
  return { app, secret, admin: createAdminClient(t, app.id, secret) }
}

/** A refresh as the SDK makes it (signed by the session key). */
export function refreshSession(t: TestServer, key: P256Key, refreshToken: string, appId?: string) {
  return signedCall(t, 'POST', '/api/v1/sessions', {
    key,
    body: { refresh_token: refreshToken },
    ...(appId ? { appId } : {}),
  })
}

/** Verifies a received webhook with `standardwebhooks`, as an app's receiver does, and answers the event. */
export function verifyReceived(secret: string, message: ReceivedWebhook) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(message.headers[name]),
    ]),
  )
  return new Webhook(secret).verify(message.body, headers) as { type: string; data: Record<string, unknown> }
}

/** Waits (polling) until `check` answers something other than undefined. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
