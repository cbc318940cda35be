import type { ServerContext } from '../context'
import { parseWebhookUrl } from './parseWebhookUrl'
import { resolvePublicAddress } from './resolvePublicAddress'

/**
 * Checks an endpoint URL as it is set: its form always, and in production that its host resolves to
 * public addresses only (a name can be repointed later: every send checks again, see sendWebhook).
 * Development and test servers allow loopback and private receivers, for local tests.
 *
 * @throws {ApiError} `invalid_webhook_url`.
 * @example
 * const url = await checkWebhookUrl(ctx, 'https://example.com/hooks')
 */
export async function checkWebhookUrl(ctx: Pick<ServerContext, 'config'>, value: string): Promise<string> {
  const url = parseWebhookUrl(value)
  if (ctx.config.env === 'production') await resolvePublicAddress(url.hostname, false)
  return url.toString()
}
