import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiError, NetworkError } from '@satchel/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from './createHttpClient'

let server: Server
let url: string
let seen: { headers: IncomingHttpHeaders; body: string } | undefined

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      seen = { headers: request.headers, body }
      const route = request.url ?? ''
      if (route === '/slow') return void setTimeout(() => response.end('{}'), 500)
      if (route === '/error') {
        response.writeHead(429, { 'content-type': 'application/json' })
        return void response.end(
          JSON.stringify({ error: 'Too many requests, try again later', code: 'too_many_requests' }),
        )
      }
      if (route === '/proxy') {
        response.writeHead(502, { 'content-type': 'text/html' })
        return void response.end('<h1>Bad gateway</h1>')
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ is_new_user: true, user: { linked_accounts: [] } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('createHttpClient', () => {
  it('sends the app id, the bearer token and a snake_case body, and answers camelCase', async () => {
    const http = createHttpClient({ serverUrl: url, appId: 'app_1' })
    const answer = await http({
      method: 'POST',
      path: '/ok',
      body: { phoneNumber: '+1' },
      accessToken: 'tok',
    })
    expect(answer).toEqual({ isNewUser: true, user: { linkedAccounts: [] } })
    expect(seen?.headers['satchel-app-id']).toBe('app_1')
    expect(seen?.headers.authorization).toBe('Bearer tok')
    expect(JSON.parse(seen?.body ?? '')).toEqual({ phone_number: '+1' })
  })

  it('rebuilds {error, code} as core ApiError with its code, status and message', async () => {
    const http = createHttpClient({ serverUrl: url, appId: 'app_1' })
    const error = await http({ method: 'GET', path: '/error' }).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'too_many_requests',
      status: 429,
      shortMessage: 'Too many requests, try again later',
    })
  })

  it('names an answer that is not the API by its status', async () => {
    const http = createHttpClient({ serverUrl: url, appId: 'app_1' })
    await expect(http({ method: 'GET', path: '/proxy' })).rejects.toMatchObject({
      code: 'internal_error',
      details: 'HTTP 502',
    })
  })

  it('fails with the spec message when the call takes too long', async () => {
    const http = createHttpClient({ serverUrl: url, appId: 'app_1', timeoutMs: 50 })
    const error = await http({ method: 'GET', path: '/slow' }).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ kind: 'timeout', shortMessage: 'Network request timed out' })
  })

  it('fails with the spec message when the server cannot be reached', async () => {
    const http = createHttpClient({ serverUrl: 'http://127.0.0.1:1', appId: 'app_1' })
    await expect(http({ method: 'GET', path: '/x' })).rejects.toMatchObject({
      kind: 'failed',
      shortMessage: 'Network request failed',
    })
  })

  it('reports an abort the caller asked for as Aborted', async () => {
    const http = createHttpClient({ serverUrl: url, appId: 'app_1' })
    const controller = new AbortController()
    const pending = http({ method: 'GET', path: '/slow', signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', shortMessage: 'Aborted' })
  })
})
