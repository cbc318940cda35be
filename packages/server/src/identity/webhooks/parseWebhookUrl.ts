import { ApiError } from '@satchel/core'

/**
 * An endpoint URL as stored: http or https, no user name or password in it (they would be sent to
 * whoever the URL names and shown in every list), no fragment.
 *
 * @throws {ApiError} `invalid_webhook_url`.
 * @example
 * parseWebhookUrl('https://example.com/hooks').hostname // 'example.com'
 */
export function parseWebhookUrl(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ApiError('invalid_webhook_url', { message: 'The webhook URL is not a valid URL' })
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ApiError('invalid_webhook_url', { message: 'The webhook URL must be http or https' })
  if (url.username || url.password || url.hash)
    throw new ApiError('invalid_webhook_url', {
      message: 'The webhook URL must carry no user name, password or fragment',
    })
  return url
}
