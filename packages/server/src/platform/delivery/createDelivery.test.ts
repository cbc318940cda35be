import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../test/support/testDatabase'
import { migrate } from '../db/migrate'
import { createDelivery } from './createDelivery'
import { OUTBOX_READ_LIMIT } from './createOutboxStore'

const APP = 'app_demo'
const OTHER_APP = 'app_other'

let testDb: TestDatabase

beforeAll(async () => {
  testDb = await createTestDatabase()
  await migrate(testDb.db)
})

afterAll(async () => {
  await testDb.drop()
})

const developmentApp = async () => 'development' as const
const outboxOnly = () =>
  createDelivery({
    config: { env: 'development', smtp: undefined, sms: undefined },
    db: testDb.db,
    appMode: developmentApp,
  })

const code = (n: number) => `${n} is your Demo login code. It expires in 10 minutes.`

describe('createDelivery without providers (the dev outbox)', () => {
  it('uses the outbox for both channels', () => {
    const delivery = outboxOnly()
    expect(delivery.usesOutbox('email')).toBe(true)
    expect(delivery.usesOutbox('sms')).toBe(true)
  })

  it('reads two emails to one address back newest first, with subject and text', async () => {
    const delivery = outboxOnly()
    await delivery.send({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'First',
      text: code(111111),
      appId: APP,
    })
    await delivery.send({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Second',
      text: code(222222),
      appId: APP,
    })
    const entries = await delivery.readOutbox('ada@example.com', APP)
    expect(entries.map((e) => [e.channel, e.to, e.subject, e.text])).toEqual([
      ['email', 'ada@example.com', 'Second', code(222222)],
      ['email', 'ada@example.com', 'First', code(111111)],
    ])
    const [newest, older] = entries
    expect(newest?.createdAt).toBeInstanceOf(Date)
    expect(Math.abs((newest?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
    expect(newest?.id).toBeGreaterThan(older?.id ?? Number.POSITIVE_INFINITY)
  })

  it('shows nothing to another address, nor to the same address in another app', async () => {
    const delivery = outboxOnly()
    await delivery.send({
      channel: 'email',
      to: 'grace@example.com',
      subject: 'Code',
      text: code(333333),
      appId: APP,
    })
    expect(await delivery.readOutbox('linus@example.com', APP)).toEqual([])
    expect(await delivery.readOutbox('grace@example.com', OTHER_APP)).toEqual([])
    expect(await delivery.readOutbox('grace@example.com', APP)).toHaveLength(1)
  })

  it('stores a text message with no subject', async () => {
    const delivery = outboxOnly()
    await delivery.send({ channel: 'sms', to: '+14155550100', text: code(444444), appId: APP })
    const entries = await delivery.readOutbox('+14155550100', APP)
    expect(entries.map((e) => [e.channel, e.to, e.subject, e.text])).toEqual([
      ['sms', '+14155550100', null, code(444444)],
    ])
  })

  it(`returns only the ${OUTBOX_READ_LIMIT} latest messages`, async () => {
    const delivery = outboxOnly()
    for (let i = 0; i < OUTBOX_READ_LIMIT + 3; i++)
      await delivery.send({
        channel: 'email',
        to: 'busy@example.com',
        subject: `#${i}`,
        text: code(i),
        appId: APP,
      })
    const entries = await delivery.readOutbox('busy@example.com', APP)
    expect(entries).toHaveLength(OUTBOX_READ_LIMIT)
    expect(entries[0]?.subject).toBe(`#${OUTBOX_READ_LIMIT + 2}`)
    expect(entries.at(-1)?.subject).toBe('#3')
  })
})

describe('codes in plain text stay in development', () => {
  const outboxRows = async (text: string) =>
    testDb.db.query('select 1 from dev_outbox where body = $1', [text])

  it("never stores a production-mode app's code in the outbox: the send is refused instead", async () => {
    const delivery = createDelivery({
      config: { env: 'test', smtp: undefined, sms: undefined },
      db: testDb.db,
      appMode: async () => 'production',
    })
    for (const channel of ['email', 'sms'] as const)
      await expect(
        delivery.send({ channel, to: 'prod@example.com', subject: 'Code', text: code(777777), appId: APP }),
      ).rejects.toMatchObject({ code: 'delivery_not_configured', status: 503 })
    expect(await outboxRows(code(777777))).toEqual([])
  })

  it('never falls back to the outbox in production, even for a development-mode app', async () => {
    const delivery = createDelivery({
      config: { env: 'production', smtp: undefined, sms: undefined },
      db: testDb.db,
      appMode: developmentApp,
    })
    await expect(
      delivery.send({ channel: 'sms', to: '+14155550142', text: code(888888), appId: APP }),
    ).rejects.toMatchObject({ code: 'delivery_not_configured' })
    expect(await outboxRows(code(888888))).toEqual([])
  })

  it('refuses a message for an unknown app rather than storing it', async () => {
    const delivery = createDelivery({
      config: { env: 'development', smtp: undefined, sms: undefined },
      db: testDb.db,
      appMode: async () => undefined,
    })
    await expect(
      delivery.send({ channel: 'email', to: 'x@example.com', text: code(999999), appId: 'app_gone' }),
    ).rejects.toMatchObject({ code: 'delivery_not_configured' })
  })
})

describe('createDelivery with SMTP configured', () => {
  let server: SMTPServer
  let port: number
  const recipients: string[] = []

  beforeAll(async () => {
    server = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume()
        stream.on('end', () => {
          recipients.push(...session.envelope.rcptTo.map((r) => r.address))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('sends email over SMTP and not to the outbox, while SMS stays in the outbox', async () => {
    const delivery = createDelivery({
      config: {
        env: 'development',
        smtp: { url: `smtp://127.0.0.1:${port}`, from: 'Satchel <no-reply@satchel.test>' },
        sms: undefined,
      },
      db: testDb.db,
      appMode: developmentApp,
    })
    try {
      expect(delivery.usesOutbox('email')).toBe(false)
      expect(delivery.usesOutbox('sms')).toBe(true)
      await delivery.send({
        channel: 'email',
        to: 'smtp-only@example.com',
        subject: 'Code',
        text: code(555555),
        appId: APP,
      })
      expect(recipients).toEqual(['smtp-only@example.com'])
      expect(await delivery.readOutbox('smtp-only@example.com', APP)).toEqual([])
    } finally {
      await delivery.close()
    }
  })
})

describe('createDelivery with an SMS provider configured', () => {
  it('sends texts to the provider and not to the outbox, while email stays in the outbox', async () => {
    const bodies: string[] = []
    const provider = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      request.on('end', () => {
        bodies.push(body)
        response.writeHead(201, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }))
      })
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const apiUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
    const sms = { apiUrl, accountSid: 'AC0123', authToken: 'secret-token', from: '+15005550006' }
    const delivery = createDelivery({
      config: { env: 'development', smtp: undefined, sms },
      db: testDb.db,
      appMode: developmentApp,
    })
    try {
      expect(delivery.usesOutbox('sms')).toBe(false)
      expect(delivery.usesOutbox('email')).toBe(true)
      await delivery.send({ channel: 'sms', to: '+14155550199', text: code(666666), appId: APP })
      expect(bodies.map((b) => new URLSearchParams(b).get('To'))).toEqual(['+14155550199'])
      expect(await delivery.readOutbox('+14155550199', APP)).toEqual([])
    } finally {
      await delivery.close()
      await new Promise<void>((resolve) => provider.close(() => resolve()))
    }
  })
})
