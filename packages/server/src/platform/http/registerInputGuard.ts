import { ApiError } from '@satchel/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { findUnsafeInput, type UnsafeInput } from './findUnsafeInput'

/**
 * One guard in front of every route: a request whose path parameters, query string, headers or body
 * hold a NUL character, a lone surrogate, a non-finite number or too much nesting is answered
 * `400 invalid_data` before any route code sees it (see {@link findUnsafeInput}). A NUL reaching
 * PostgreSQL fails the statement, and the same value inside a shared audit batch failed other
 * users' requests; deep nesting and lone surrogates made RFC 8785 canonicalization throw.
 *
 * JSON bodies are checked inside the JSON parser itself, so no hook of any route (the wallet
 * request's signature check canonicalizes the body in `preValidation`) can run on an unchecked
 * body whatever the order hooks were added in. Bodies of other parsers (an OAuth form post) are
 * checked in a `preValidation` hook added here, before any route's own.
 *
 * @example
 * const app = Fastify()
 * registerInputGuard(app) // before the routes are registered
 */
export function registerInputGuard(app: FastifyInstance): void {
  const checkedBodies = new WeakSet<FastifyRequest>()
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    // Fastify's own parser answers through the callback (its type also allows a promise, never made).
    void parseJson(request, typeof text === 'string' ? text : text.toString('utf8'), (error, body) => {
      if (error) return done(error, undefined)
      const unsafe = findUnsafeInput(body)
      if (unsafe) return done(refusal('body', unsafe), undefined)
      checkedBodies.add(request)
      done(null, body)
    })
  })

  // A plain callback hook, as the request-id one: nothing here is asynchronous.
  app.addHook('onRequest', (request, _reply, done) => {
    const unsafe =
      findUnsafeIn('path', request.params) ??
      findUnsafeIn('query string', request.query) ??
      findUnsafeIn('headers', request.headers)
    done(unsafe)
  })

  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || checkedBodies.has(request)) return done()
    done(findUnsafeIn('body', request.body))
  })
}

function findUnsafeIn(where: string, value: unknown): ApiError | undefined {
  const unsafe = findUnsafeInput(value)
  return unsafe ? refusal(where, unsafe) : undefined
}

// The answer names where and what, never the value: it could be a code or a token.
function refusal(where: string, unsafe: UnsafeInput): ApiError {
  return new ApiError('invalid_data', { message: `Invalid request data: the ${where} holds ${unsafe}` })
}
