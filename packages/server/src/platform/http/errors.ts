import type { Socket } from 'node:net'
import { ApiError, type ApiErrorCode } from '@satchel/core'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isServiceOutage } from './isServiceOutage'

/** Fastify's own error codes that map onto a catalogued code. */
const fastifyCodes: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'invalid_data',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_data',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_data',
  FST_ERR_VALIDATION: 'invalid_data',
  FST_ERR_NOT_FOUND: 'not_found',
}

/**
 * Every failure leaves as `{error, code}` with the catalogue's status. Validation errors name the
 * fields, never their values (a value could be a code or a token). Unknown errors are logged with
 * their stack server-side and answered as `internal_error`: no stack, no message, reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let apiError: ApiError
    if (error instanceof ApiError) apiError = error
    else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [...new Set(error.validation.map((v) => v.instancePath.replace(/^\//, '') || 'body'))]
      apiError = new ApiError('invalid_data', { message: `Invalid request data: ${fields.join(', ')}` })
    } else if (error.code && fastifyCodes[error.code]) {
      apiError = new ApiError(fastifyCodes[error.code] as ApiErrorCode)
    } else if (error.statusCode === 429) {
      apiError = new ApiError('too_many_requests')
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = new ApiError('invalid_data')
    } else if (isServiceOutage(error)) {
      // PostgreSQL or Redis restarting: the client's retry will find it back.
      apiError = new ApiError('service_unavailable', {
        message: 'A service the server needs is restarting, try again',
      })
    } else {
      request.log.error({ err: error }, 'unhandled error')
      apiError = new ApiError('internal_error')
    }
    if (apiError.status >= 500 && apiError.code !== 'internal_error')
      request.log.warn({ code: apiError.code }, apiError.shortMessage)
    return reply.status(apiError.status).send(apiError.toJSON())
  })
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(new ApiError('not_found').toJSON()))
}

/**
 * Fastify's `frameworkErrors` option: a path that is not valid percent-encoding (`/apps/%ZZ`) or a
 * path parameter over the length limit is refused by the router before any hook runs, with a body
 * of its own; this answers them from the catalogue instead.
 *
 * @example
 * Fastify({ frameworkErrors: answerFrameworkError })
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('invalid_data', { message: 'Invalid request data: the path' })
      : new ApiError('internal_error')
  reply.status(apiError.status).send(apiError.toJSON())
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses (a NUL or a newline in a
 * header, a malformed request line, headers over the size limit) never reaches Fastify's routing;
 * it is answered here with the catalogue's `{error, code}` too, then the connection is closed.
 *
 * @example
 * Fastify({ clientErrorHandler: answerClientError })
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const apiError = new ApiError(
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'client_request_timeout' : 'invalid_data',
  )
  const body = JSON.stringify(apiError.toJSON())
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${apiError.status} ${apiError.status === 408 ? 'Request Timeout' : 'Bad Request'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy()
}
