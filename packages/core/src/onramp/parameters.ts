import { InvalidOnrampParameterError } from './errors'

/**
 * A required text parameter, refused when empty or not a string. The message names the parameter
 * only: the value may be a token.
 *
 * @example
 * requireText('app_1', 'appId') // 'app_1'
 * requireText('', 'appId') // throws: Invalid onramp parameter appId: is required ...
 */
export function requireText(value: unknown, parameter: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidOnrampParameterError(parameter, 'is required and must be a non-empty string')
  }
  return value
}

/**
 * A provider base URL, which must be http(s) (http for the loopback fakes tests and the devnet use).
 *
 * @example
 * parseBaseUrl('https://buy.moonpay.com', 'config.baseUrl').host // 'buy.moonpay.com'
 */
export function parseBaseUrl(value: string, parameter: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch (cause) {
    throw new InvalidOnrampParameterError(parameter, `${JSON.stringify(value)} is not a URL`, { cause })
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidOnrampParameterError(parameter, 'must be an http or https URL')
  }
  return url
}
