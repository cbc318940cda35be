import { ApiError, isApiErrorCode, NetworkError } from '@satchel/core'
import { isRecord } from '../parse'
import { toCamelCase, toSnakeCase } from './convertCase'

/** The default time a call may take before it fails with `Network request timed out`. */
export const DEFAULT_TIMEOUT_MS = 20_000

export type HttpRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** A path under the server, such as `/api/v1/users/me`. */
  path: string
  /** camelCase; converted to snake_case here (see `verbatim` for values sent as is). */
  body?: unknown
  query?: Record<string, string> | undefined
  headers?: Record<string, string> | undefined
  /** Sent as `Authorization: Bearer ...`. */
  accessToken?: string | undefined
  /**
   * Called with the final URL and the converted body, returns headers to add: the authorization
   * signature covers exactly what is sent.
   */
  sign?:
    | ((request: {
        method: string
        url: string
        body: unknown
        /** The `satchel-app-id` the request carries: the app the signature binds it to. */
        appId: string
      }) => Promise<Record<string, string>>)
    | undefined
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
}

export type HttpClient = (request: HttpRequest) => Promise<unknown>

export type CreateHttpClientParameters = {
  serverUrl: string
  appId: string
  /** Defaults to the global `fetch`, read at call time (so nothing is touched at import). */
  fetch?: typeof fetch | undefined
  timeoutMs?: number | undefined
  /** Sent with every call (a call's own headers win). */
  headers?: Record<string, string> | undefined
}

/**
 * The one place the SDK talks HTTP: JSON in and out, keys converted between snake_case and camelCase,
 * `{error, code}` answers rebuilt as core's `ApiError` with their code, a connection that fails as
 * `NetworkError('failed')`, a call that takes too long as `NetworkError('timeout')`.
 *
 * @example
 * const http = createHttpClient({ serverUrl: 'https://auth.example.com', appId: 'app_1' })
 * const config = await http({ method: 'GET', path: '/api/v1/apps/app_1' })
 */
export function createHttpClient({
  serverUrl,
  appId,
  fetch: fetchFn,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  headers: defaultHeaders,
}: CreateHttpClientParameters): HttpClient {
  return async (request) => {
    const url = new URL(request.path, serverUrl)
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value)
    const body = request.body === undefined ? undefined : toSnakeCase(request.body)
    const headers: Record<string, string> = {
      'satchel-app-id': appId,
      ...defaultHeaders,
      ...request.headers,
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`
    if (request.sign)
      Object.assign(
        headers,
        await request.sign({
          method: request.method,
          url: url.toString(),
          body,
          appId: headers['satchel-app-id'] ?? appId,
        }),
      )

    const { signal, timedOut, done } = createDeadline(request.timeoutMs ?? timeoutMs, request.signal)
    let response: Response
    let text: string
    try {
      response = await (fetchFn ?? globalThis.fetch)(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // A cookie-mode app's session is in HttpOnly cookies of the API's origin: the browser sends
        // them, and keeps the ones a login sets, only on credentialed calls. A bearer app has none.
        credentials: 'include',
        signal,
      })
      text = await response.text()
    } catch (error) {
      if (timedOut())
        throw new NetworkError('timeout', {
          details: `No answer from ${request.path} in time.`,
          cause: error,
        })
      if (request.signal?.aborted) throw new NetworkError('aborted', { cause: error })
      throw new NetworkError('failed', {
        details: `${request.method} ${request.path} did not reach the server.`,
        cause: error,
      })
    } finally {
      done()
    }
    const json = parseJson(text)
    if (!response.ok) throw toApiError(response.status, json)
    return toCamelCase(json)
  }
}

function parseJson(text: string): unknown {
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The server's `{error, code}` as an ApiError; anything else (a proxy's page) by its status. */
export function toApiError(status: number, body: unknown): ApiError {
  const message = isRecord(body) && typeof body.error === 'string' ? body.error : undefined
  const code = isRecord(body) ? body.code : undefined
  if (isApiErrorCode(code)) return new ApiError(code, { message })
  const byStatus =
    status === 401
      ? 'must_be_authenticated'
      : status === 404
        ? 'not_found'
        : status === 429
          ? 'too_many_requests'
          : status >= 500
            ? 'internal_error'
            : 'invalid_data'
  return new ApiError(byStatus, {
    message,
    details: `HTTP ${status}${typeof code === 'string' ? `, code ${code}` : ''}`,
  })
}

/** An abort signal that fires at the deadline or when the caller's signal does, whichever is first. */
function createDeadline(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController()
  let expired = false
  const timer = setTimeout(() => {
    expired = true
    controller.abort()
  }, ms)
  const onAbort = () => controller.abort()
  if (outer?.aborted) controller.abort()
  outer?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onAbort)
    },
  }
}
