import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiError } from '@satchel/core/errors'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { verifyWebhook } from '../src/webhooks/verifyWebhook'
import { startSatchelServer, type TestSatchelServer } from './startSatchelServer'

type Received = { headers: IncomingHttpHeaders; body: string }

let satchel: TestSatchelServer
let receiver: ReturnType<typeof createServer>
let receiverUrl: string
const received: Received[] = []

beforeAll(async () => {
  satchel = await startSatchelServer()
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/satchel`
})
afterAll(async () => {
  await satchel?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})

describe('verifyWebhook', () => {
  it("verifies what the server sends to the app's endpoint, and refuses anything changed", async () => {
    const { appId, appSecret } = await satchel.createApp()
    const auth = `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`
    const created = await fetch(`${satchel.url}/api/v1/webhooks/endpoints`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiverUrl }),
    })
    expect(created.status).toBe(200)
    const endpoint = (await created.json()) as { id: string; secret: string }
    await fetch(`${satchel.url}/api/v1/webhooks/endpoints/${endpoint.id}/test`, {
      method: 'POST',
      headers: { authorization: auth },
    })
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 15_000, interval: 50 })
    const [message] = received
    if (!message) throw new Error('nothing received')

    // Node's request.headers and a Fetch Headers both work.
    expect(verifyWebhook(message.body, message.headers, endpoint.secret)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id, app_id: appId },
    })
    const fetchHeaders = new Headers()
    for (const [name, value] of Object.entries(message.headers))
      if (typeof value === 'string') fetchHeaders.set(name, value)
    expect(verifyWebhook(message.body, fetchHeaders, endpoint.secret).type).toBe('webhook.test')

    const refusals = [
      () =>
        verifyWebhook(message.body.replace('webhook.test', 'user.created'), message.headers, endpoint.secret),
      () => verifyWebhook(message.body, message.headers, `whsec_${Buffer.alloc(32, 7).toString('base64')}`),
      () => verifyWebhook(message.body, { ...message.headers, 'webhook-id': 'msg_other' }, endpoint.secret),
      () => verifyWebhook(message.body, {}, endpoint.secret),
    ]
    for (const refuse of refusals) {
      const error = (() => {
        try {
          refuse()
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).code).toBe('invalid_webhook')
    }
  })
})
