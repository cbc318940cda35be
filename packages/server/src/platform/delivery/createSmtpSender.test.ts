import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSmtpSender } from './createSmtpSender'

type ReceivedMail = { from: string | undefined; to: string[]; raw: string }

const USER = 'satchel'
const PASSWORD = 'correct-horse-battery'
const FROM = 'Satchel <no-reply@satchel.test>'
const TEXT =
  '482913 is your Demo login code. It expires in 10 minutes. If you did not ask for it, ignore this message.'

let server: SMTPServer
let port: number
const received: ReceivedMail[] = []

beforeAll(async () => {
  server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    // Loopback only, so plain-text AUTH is acceptable here; a real relay would require TLS.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
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

/** The headers, and the text/plain part decoded from quoted-printable (what nodemailer uses for long lines). */
function parseMail(raw: string): { subject: string | undefined; text: string; html: string | undefined } {
  const [head = '', ...rest] = raw.split('\r\n\r\n')
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ')
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1]
  const decode = (part: string) =>
    part
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  const body = rest.join('\r\n\r\n')
  const partOf = (type: string) => {
    const match = new RegExp(`Content-Type: ${type}[^]*?\\r\\n\\r\\n([^]*?)\\r\\n(?:--|$)`, 'i').exec(body)
    return match?.[1] === undefined ? undefined : decode(match[1])
  }
  const isMultipart = /^Content-Type: multipart\//im.test(unfolded)
  return {
    subject,
    text: isMultipart ? (partOf('text/plain') ?? '') : decode(body).replace(/\r\n$/, ''),
    html: isMultipart ? partOf('text/html') : undefined,
  }
}

describe('createSmtpSender', () => {
  it('delivers the code email to a real SMTP server with the right envelope, subject and text', async () => {
    const smtp = createSmtpSender({ url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`, from: FROM })
    try {
      await smtp.send({ to: 'ada@example.com', subject: '482913 is your Demo login code', text: TEXT })
    } finally {
      await smtp.close()
    }
    const mail = received.at(-1)
    expect(mail?.from).toBe('no-reply@satchel.test')
    expect(mail?.to).toEqual(['ada@example.com'])
    const parsed = parseMail(mail?.raw ?? '')
    expect(parsed.subject).toBe('482913 is your Demo login code')
    expect(parsed.text).toBe(TEXT)
    expect(mail?.raw).toMatch(/^From: Satchel <no-reply@satchel\.test>$/m)
  })

  it('sends an html alternative beside the text when one is given', async () => {
    const smtp = createSmtpSender({ url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`, from: FROM })
    try {
      await smtp.send({
        to: 'grace@example.com',
        subject: 'Your code',
        text: '771204 is your code',
        html: '<p><b>771204</b> is your code</p>',
      })
    } finally {
      await smtp.close()
    }
    const mail = received.at(-1)
    expect(mail?.to).toEqual(['grace@example.com'])
    const parsed = parseMail(mail?.raw ?? '')
    expect(parsed.text).toBe('771204 is your code')
    expect(parsed.html).toBe('<p><b>771204</b> is your code</p>')
  })

  it('rejects when the server refuses the password, and the error does not carry it', async () => {
    const before = received.length
    const smtp = createSmtpSender({ url: `smtp://${USER}:wrong-password@127.0.0.1:${port}`, from: FROM })
    try {
      const failure = await smtp.send({ to: 'ada@example.com', subject: 'x', text: TEXT }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(Error)
      const message = failure instanceof Error ? failure.message : ''
      expect(message).toMatch(/Invalid login: 535/)
      expect(message).not.toContain('wrong-password')
      expect(message).not.toContain('482913')
    } finally {
      await smtp.close()
    }
    expect(received.length).toBe(before)
  })

  it('fails fast when nothing listens on the port', async () => {
    const probe = new SMTPServer({ logger: false })
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const closedPort = (probe.server.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))

    const smtp = createSmtpSender({ url: `smtp://127.0.0.1:${closedPort}`, from: FROM })
    try {
      await expect(smtp.send({ to: 'ada@example.com', subject: 'x', text: 'y' })).rejects.toThrow(
        /ECONNREFUSED/,
      )
    } finally {
      await smtp.close()
    }
  })
})
