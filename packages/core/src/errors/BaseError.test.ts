import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError'

describe('BaseError', () => {
  it('renders the short message alone', () => {
    const error = new BaseError('Unknown chain')
    expect(error.message).toMatchInlineSnapshot(`"Unknown chain"`)
    expect(error.shortMessage).toBe('Unknown chain')
    expect(error.name).toBe('SatchelError')
    expect(error).toBeInstanceOf(Error)
    expect('cause' in error).toBe(false)
  })

  it('renders details and the docs link under the message', () => {
    const cause = new Error('lookup failed')
    const error = new BaseError('Unknown chain', {
      details: 'Chain id 5 is not configured.',
      docsPath: '/chains',
      cause,
    })
    expect(error.message).toMatchInlineSnapshot(`
      "Unknown chain

      Details: Chain id 5 is not configured.
      Docs: https://satchel.dev/docs/chains"
    `)
    expect(error.details).toBe('Chain id 5 is not configured.')
    expect(error.docsPath).toBe('/chains')
    expect(error.cause).toBe(cause)
  })

  it('renders the docs link without details', () => {
    expect(new BaseError('Unknown chain', { docsPath: '/chains' }).message).toMatchInlineSnapshot(`
      "Unknown chain
      Docs: https://satchel.dev/docs/chains"
    `)
  })
})
