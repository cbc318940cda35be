import { ApiError, isApiErrorCode, NetworkError } from '@satchel/core/errors'
import type { SatchelNodeContext } from '../types'
import { signRequest } from './signRequest'

/** How long a signed request stays good: long enough for a slow network, short for a leaked one. */
const SIGNATURE_LIFETIME_MS = 60_000

export type RequestApiParameters = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** The path and query, `/api/v1/...`. */
  path: string
  body?: Record<string, unknown> | undefined
  /** Signs the request as a delegated signer (wallet RPC): the signer's private JWK. */
  signerKey?: unknown
  /** `satchel-idempotency-key`: a retry with the same key gets the first answer instead of a second effect. */
  idempotencyKey?: string | undefined
}

export type RequestApiReturnType = { status: number; body: unknown }

/**
 * One call to the app-secret API: `Authorization: Basic base64(app_id:app_secret)`, JSON in and out,
 * an answer of `{error, code}` thrown as the catalogue's {@link ApiError}.
 *
 * @throws {ApiError} the server's code (`invalid_app_credentials`, `embedded_wallet_not_found`, ...).
 * @throws {NetworkError} `failed` or `timeout` when no answer came.
 * @example
 * const { body } = await requestApi(context, { method: 'GET', path: '/api/v1/policies' })
 */
export async function requestApi(
  context: SatchelNodeContext,
  parameters: RequestApiParameters,
): Promise<RequestApiReturnType> {
  const response = await openApiResponse(context, parameters)
  return { status: response.status, body: await response.json().catch(() => undefined) }
}

/**
 * {@link requestApi}'s call, answering the response itself for a body read as it arrives (the
 * JSON Lines export): a refusal is still thrown as the catalogue's {@link ApiError}.
 *
 * @throws {ApiError} the server's code.
 * @throws {NetworkError} `failed` or `timeout` when no answer came.
 * @example
 * const response = await openApiResponse(context, { method: 'GET', path: '/api/v1/users/export' })
 */
export async function openApiResponse(
  context: SatchelNodeContext,
  { method, path, body, signerKey, idempotencyKey }: RequestApiParameters,
): Promise<Response> {
  if (!context.appSecret)
    throw new ApiError('invalid_app_credentials', {
      details: 'createSatchelNode was given no appSecret; the app-secret API needs it',
    })
  const headers: Record<string, string> = {
    authorization: `Basic ${btoa(`${context.appId}:${context.appSecret}`)}`,
    'satchel-app-id': context.appId,
    ...(body !== undefined && { 'content-type': 'application/json' }),
    ...(idempotencyKey !== undefined && { 'satchel-idempotency-key': idempotencyKey }),
  }
  if (signerKey !== undefined) {
    const expiry = String(Date.now() + SIGNATURE_LIFETIME_MS)
    headers['satchel-request-expiry'] = expiry
    headers['satchel-authorization-signature'] = await signRequest({
      privateKey: signerKey,
      method,
      url: `${context.publicUrl}${path}`,
      body,
      appId: context.appId,
      expiry,
      idempotencyKey,
    })
  }
  let response: Response
  try {
    response = await context.fetch(`${context.serverUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(context.timeoutMs),
    })
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError'
    throw new NetworkError(timedOut ? 'timeout' : 'failed', { details: `${method} ${path}`, cause })
  }
  if (response.ok) return response
  const answer: unknown = await response.json().catch(() => undefined)
  throw toApiError(answer, response.status, `${method} ${path}`)
}

function toApiError(answer: unknown, status: number, call: string): ApiError {
  if (typeof answer === 'object' && answer !== null && 'code' in answer && isApiErrorCode(answer.code)) {
    const message = 'error' in answer && typeof answer.error === 'string' ? answer.error : undefined
    return new ApiError(answer.code, { message })
  }
  return new ApiError('internal_error', { details: `${call} answered HTTP ${status} without an error code` })
}
