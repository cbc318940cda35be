import { createTransport } from 'nodemailer'

export type CreateSmtpSenderParameters = {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the first byte). */
  url: string
  /** The From header, e.g. `Satchel <no-reply@example.com>`; its address is also the envelope sender. */
  from: string
}

export type SmtpMessage = {
  to: string
  subject: string
  text: string
  html?: string
}

export type CreateSmtpSenderReturnType = {
  /** Resolves once the SMTP server has accepted the message; rejects with the server's refusal otherwise. */
  send(message: SmtpMessage): Promise<void>
  /** Closes the pooled connections. */
  close(): Promise<void>
}

// A login code is useless if it arrives minutes late: fail fast and let the person ask again rather
// than hold a request open for nodemailer's defaults (2 minutes to connect, 10 to idle).
const CONNECT_TIMEOUT_MS = 10_000
const SOCKET_TIMEOUT_MS = 20_000
const POOL_IDLE_MS = 10_000

/**
 * Sends email through one SMTP server over a small connection pool, so a burst of login codes does not
 * pay a TCP + TLS + AUTH handshake each.
 *
 * @example
 * const smtp = createSmtpSender({ url: 'smtp://user:pass@127.0.0.1:2525', from: 'Satchel <no-reply@satchel.local>' })
 * await smtp.send({ to: 'ada@example.com', subject: 'Your code', text: '123456 is your code' })
 * await smtp.close()
 */
export function createSmtpSender({ url, from }: CreateSmtpSenderParameters): CreateSmtpSenderReturnType {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: 3,
    idleTimeout: POOL_IDLE_MS,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    dnsTimeout: CONNECT_TIMEOUT_MS,
    // Messages are built from our own strings only; never let a field be read as a file path or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      })
    },
    async close() {
      transport.close()
    },
  }
}
