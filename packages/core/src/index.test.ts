import { expect, it } from 'vitest'
import * as core from './index'

// A change to the public surface shows up here in review.
it('exports the public API', () => {
  expect(Object.keys(core).sort()).toMatchSnapshot()
})

it('the errors entry exports the same error classes and catalogue as the main entry', async () => {
  const errors = await import('./errors/index')
  expect(Object.keys(errors).sort()).toMatchInlineSnapshot(`
    [
      "ApiError",
      "BaseError",
      "NetworkError",
      "apiErrors",
      "isApiErrorCode",
      "networkErrorMessages",
    ]
  `)
  // One class, two doors: an `instanceof` check passes whichever entry made the error.
  expect(errors.ApiError).toBe(core.ApiError)
  expect(errors.NetworkError).toBe(core.NetworkError)
  expect(errors.apiErrors).toBe(core.apiErrors)
})
