export type OutgoingMessage = {
  channel: 'email' | 'sms'
  /** An email address, or a phone number in E.164. */
  to: string
  /** Email only. */
  subject?: string
  text: string
  html?: string
  appId?: string
}

export type OutboxEntry = {
  id: number
  channel: 'email' | 'sms'
  to: string
  subject: string | null
  text: string
  createdAt: Date
}

/**
 * Where the server's emails and texts go. Each channel is a provider (SMTP, an HTTP SMS provider)
 * or the dev outbox; only an outbox channel can be read back.
 */
export type Delivery = {
  send(message: OutgoingMessage): Promise<void>
  /** True when this channel writes to the dev outbox instead of a real provider. */
  usesOutbox(channel: OutgoingMessage['channel']): boolean
  /** Newest first; only messages that went to the outbox. */
  readOutbox(to: string, appId: string): Promise<OutboxEntry[]>
  close(): Promise<void>
}
