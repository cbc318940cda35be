import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSmsSender } from './createSmsSender'

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef'
const AUTH_TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const FROM = '+15005550006'
const TO = '+14155550100'
const TEXT = '482913 is your Demo login code. It expires in 10 minutes.'

type Received = { path: string | undefined; contentType: string | undefined; form: URLSearchParams }

let server: Server
let apiUrl: string
const received: Received[] = []

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

/** Behaves like Twilio's Messages endpoint, as far as a sender can tell. */
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const form = new URLSearchParams(await readBody(request))
    received.push({ path: request.url, contentType: request.headers['content-type'], form })
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 })
    const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`
    if (request.headers.authorization !== expected)
      return reply(401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      })
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded')
      return reply(415, { code: 20415, message: 'Unsupported media type', status: 415 })
    if (!form.get('To'))
      return reply(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 })
    if (!form.get('From'))
      return reply(400, { code: 21603, message: "A 'From' phone number is required.", status: 400 })
    if (!form.get('Body'))
      return reply(400, { code: 21602, message: 'Message body is required.', status: 400 })
    return reply(201, { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to: form.get('To') })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error instanceof Error ? error.message : ''
}

describe('createSmsSender', () => {
  it('posts To, From and Body as a form to the account Messages endpoint with Basic auth', async () => {
    const sms = createSmsSender({
      apiUrl: `${apiUrl}/`,
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
    })
    await sms.send({ to: TO, text: TEXT })
    const request = received.at(-1)
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    expect(request?.contentType).toBe('application/x-www-form-urlencoded')
    expect(request?.form.get('To')).toBe(TO)
    expect(request?.form.get('From')).toBe(FROM)
    expect(request?.form.get('Body')).toBe(TEXT)
  })

  it('names the status and the provider code on bad auth, never the token nor the text', async () => {
    const sms = createSmsSender({
      apiUrl,
      accountSid: ACCOUNT_SID,
      authToken: 'tok_wrong_0000000000',
      from: FROM,
    })
    const message = await failureOf(sms.send({ to: TO, text: TEXT }))
    expect(message).toBe('SMS delivery failed: the provider answered 401 (code 20003: Authenticate)')
    expect(message).not.toContain('tok_wrong_0000000000')
    expect(message).not.toContain('482913')
  })

  it("reports the provider's missing-field error when there is no recipient", async () => {
    const sms = createSmsSender({ apiUrl, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM })
    const message = await failureOf(sms.send({ to: '', text: TEXT }))
    expect(message).toBe(
      "SMS delivery failed: the provider answered 400 (code 21604: A 'To' phone number is required.)",
    )
  })

  it('redacts the text, the token and the full number if the provider echoes them back', async () => {
    const echo = (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          code: 21211,
          message: `Invalid 'To' ${TO} for '${TEXT}' (token ${AUTH_TOKEN}, code 482913)`,
        }),
      )
    }
    const message = await withProvider(echo, async (url) => {
      const sms = createSmsSender({ apiUrl: url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM })
      return failureOf(sms.send({ to: TO, text: TEXT }))
    })
    expect(message).toBe(
      "SMS delivery failed: the provider answered 400 (code 21211: Invalid 'To' ********0100 for '[redacted]' (token [redacted], code [redacted]))",
    )
  })

  it('names only the status when the provider answers without a JSON error', async () => {
    const gateway = (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<html><body>Bad Gateway</body></html>')
    }
    const message = await withProvider(gateway, async (url) => {
      const sms = createSmsSender({ apiUrl: url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM })
      return failureOf(sms.send({ to: TO, text: TEXT }))
    })
    expect(message).toBe('SMS delivery failed: the provider answered 502')
  })

  it('says the provider could not be reached when nothing listens', async () => {
    const closedUrl = await withProvider(
      (_request, response) => response.end(),
      async (url) => url,
    )
    const sms = createSmsSender({
      apiUrl: closedUrl,
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
    })
    expect(await failureOf(sms.send({ to: TO, text: TEXT }))).toBe(
      'SMS delivery failed: the provider could not be reached',
    )
  })
})

/** A one-off provider for the odd answers the Twilio stand-in never gives. */
async function withProvider<T>(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const provider = createServer(handler)
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  try {
    return await fn(`http://127.0.0.1:${(provider.address() as AddressInfo).port}`)
  } finally {
    await new Promise<void>((resolve) => provider.close(() => resolve()))
  }
}
