import { expect } from 'vitest'
import type { TestServer } from '../harness'

/**
 * Expects the server's OpenAPI document to list each path with the method (POST unless said), so a
 * feature's routes show in the published API as they are added.
 *
 * @example
 * await expectListedInOpenApi(t, ['/api/v1/siwe/init', '/api/v1/siwe/authenticate'])
 */
export async function expectListedInOpenApi(
  t: TestServer,
  paths: readonly string[],
  method: 'get' | 'post' = 'post',
): Promise<void> {
  const doc = (await t.server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
  for (const path of paths) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
}
