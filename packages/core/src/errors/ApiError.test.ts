import { describe, expect, it } from 'vitest'
import { ApiError } from './ApiError'
import { BaseError } from './BaseError'

describe('ApiError', () => {
  it('takes status and message from the catalogue', () => {
    const error = new ApiError('must_be_authenticated')
    expect(error.code).toBe('must_be_authenticated')
    expect(error.status).toBe(401)
    expect(error.name).toBe('ApiError')
    expect(error).toBeInstanceOf(BaseError)
    expect(error.message).toMatchInlineSnapshot(`"User must be authenticated"`)
  })

  it('answers {error, code} with the short message only', () => {
    const error = new ApiError('too_many_requests', { details: 'Limit 5 per minute.' })
    expect(error.message).toMatchInlineSnapshot(`
      "Too many requests, try again later

      Details: Limit 5 per minute."
    `)
    expect(JSON.stringify(error)).toBe(
      '{"error":"Too many requests, try again later","code":"too_many_requests"}',
    )
  })

  it('renders the development-mode notice', () => {
    expect(new ApiError('development_mode_user_limit').message).toMatchInlineSnapshot(
      `"This application is in development mode and must be upgraded to production to log in new users"`,
    )
  })

  it('takes a replacement message and keeps the cause', () => {
    const cause = new Error('constraint users_email_key')
    const error = new ApiError('invalid_data', { message: 'email is not an email address', cause })
    expect(error.toJSON()).toEqual({ error: 'email is not an email address', code: 'invalid_data' })
    expect(error.status).toBe(400)
    expect(error.cause).toBe(cause)
  })
})
