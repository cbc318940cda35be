import type { SatchelClient } from '@satchel/react'

export type AdminRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  query?: Record<string, string | undefined> | undefined
  /** camelCase: the SDK sends it snake_case, as the API wants. */
  body?: unknown
  /** The app the request is about (`satchel-app-id`); the console's own routes leave it out. */
  appId?: string | undefined
  signal?: AbortSignal | undefined
}

/**
 * One call to the admin API as the signed-in operator: their access token, the target app's id, and
 * on every write the session key's signature (the server refuses an operator's unsigned write). The
 * SDK answers camelCase and throws its typed errors (`StepUpRequiredError` when a fresh login is due).
 *
 * @example
 * await adminRequest(client, { method: 'GET', path: '/api/v1/users', appId })
 */
export function adminRequest(
  client: SatchelClient,
  { method, path, query, body, appId, signal }: AdminRequest,
): Promise<unknown> {
  const params = Object.fromEntries(
    Object.entries(query ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
  return client.request({
    method,
    path,
    query: params,
    auth: true,
    ...(body === undefined ? {} : { body }),
    ...(appId ? { headers: { 'satchel-app-id': appId } } : {}),
    ...(method === 'GET' ? {} : { signed: {} }),
    signal,
  })
}
