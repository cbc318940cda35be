/**
 * A provider's authorization URL with the request's query parameters set (those given as undefined
 * are left out): the one place an OAuth start writes `response_type`, `client_id`, PKCE and the rest.
 *
 * @example
 * toAuthorizationUrl('https://accounts.example/authorize', { response_type: 'code', client_id: 'abc', nonce: undefined })
 * // 'https://accounts.example/authorize?response_type=code&client_id=abc'
 */
export function toAuthorizationUrl(
  authorizationUrl: string,
  parameters: Record<string, string | undefined>,
): string {
  const url = new URL(authorizationUrl)
  for (const [name, value] of Object.entries(parameters))
    if (value !== undefined) url.searchParams.set(name, value)
  return url.toString()
}
