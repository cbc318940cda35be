import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string }

export type WebhookReceiver = {
  url: string
  received: ReceivedWebhook[]
  /** The statuses to answer, in order; the last one repeats. */
  answer(...statuses: number[]): void
  close(): Promise<void>
}

/** An app's webhook receiver on a loopback port: records every request, answers as told (200 at first). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  let statuses = [200]
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = statuses.length > 1 ? (statuses.shift() ?? 200) : (statuses[0] ?? 200)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(...next) {
      statuses = next
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
