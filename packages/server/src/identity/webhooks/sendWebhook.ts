import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { ApiError } from '@satchel/core'
import { parseWebhookUrl } from './parseWebhookUrl'
import { resolvePublicAddress } from './resolvePublicAddress'

export type SendWebhookParameters = {
  url: string
  headers: Record<string, string>
  body: string
  /** Development and test only: loopback and private receivers are allowed. */
  allowPrivate: boolean
  timeoutMs: number
  signal: AbortSignal
}

/** What the receiver did: its status code, or why no answer came. */
export type SendWebhookResult = { statusCode: number } | { error: string }

/**
 * POSTs one signed message. The host is resolved once and checked (resolvePublicAddress), and the
 * connection goes to that checked address: the socket's own lookup is replaced, so DNS cannot answer
 * a public address to the check and a private one to the connection. Redirects are not followed (a
 * 3xx is a failed attempt), for the same reason. The answer's body is not read past its status.
 *
 * @example
 * const result = await sendWebhook({ url, headers, body, allowPrivate: false, timeoutMs: 10_000, signal })
 */
export async function sendWebhook({
  url,
  headers,
  body,
  allowPrivate,
  timeoutMs,
  signal,
}: SendWebhookParameters): Promise<SendWebhookResult> {
  let target: URL
  let resolved: Awaited<ReturnType<typeof resolvePublicAddress>>
  try {
    target = parseWebhookUrl(url)
    resolved = await resolvePublicAddress(target.hostname, allowPrivate)
  } catch (error) {
    return { error: error instanceof ApiError ? error.message : 'The webhook URL could not be resolved' }
  }
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [resolved])
    else callback(null, resolved.address, resolved.family)
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const outgoing = send(
      target,
      {
        method: 'POST',
        lookup,
        signal,
        timeout: timeoutMs,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Satchel-Webhooks/1',
        },
      },
      (response) => {
        response.resume()
        response.on('error', () => {})
        resolve({ statusCode: response.statusCode ?? 0 })
        response.destroy()
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${timeoutMs} ms`)))
    outgoing.on('error', (error) =>
      resolve({ error: signal.aborted ? 'Stopped before an answer came' : describeError(error) }),
    )
    outgoing.end(body)
  })
}

function describeError(error: Error): string {
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : ''
  return `${code}${error.message}`.slice(0, 300)
}
