import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError'
import { NetworkError, type NetworkErrorKind, networkErrorMessages } from './NetworkError'

describe('NetworkError', () => {
  it.each([
    ['failed', 'Network request failed'],
    ['timeout', 'Network request timed out'],
    ['aborted', 'Aborted'],
    ['already_read', 'Already read'],
    ['body_not_allowed', 'Body not allowed for GET or HEAD requests'],
  ] satisfies [NetworkErrorKind, string][])('%s has the spec message %j', (kind, message) => {
    const error = new NetworkError(kind)
    expect(networkErrorMessages[kind]).toBe(message)
    expect(error.message).toBe(message)
    expect(error.shortMessage).toBe(message)
    expect(error.kind).toBe(kind)
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('NetworkError')
  })

  it('has exactly the five kinds of the spec', () => {
    expect(Object.keys(networkErrorMessages).sort()).toEqual([
      'aborted',
      'already_read',
      'body_not_allowed',
      'failed',
      'timeout',
    ])
  })

  it('renders details and keeps the cause', () => {
    const cause = new TypeError('fetch failed')
    const error = new NetworkError('timeout', { details: 'No answer after 10 s.', cause })
    expect(error.cause).toBe(cause)
    expect(error.message).toMatchInlineSnapshot(`
      "Network request timed out

      Details: No answer after 10 s."
    `)
  })
})
