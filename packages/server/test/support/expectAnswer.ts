import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

/**
 * Expects a response to have the status and exactly the JSON body: a refusal's `{error, code}`
 * word for word, most often. The body is shown when the status is not the one expected.
 *
 * @example
 * expectAnswer(response, 409, { error: 'This account is linked to another user', code: 'linked_to_another_user' })
 */
export function expectAnswer(response: LightMyRequestResponse, status: number, body: unknown): void {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toEqual(body)
}
