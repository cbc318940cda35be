const names: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  discord: 'Discord',
  twitter: 'X',
  linkedin: 'LinkedIn',
}

/**
 * How a social provider is named to people: the well-known ones as they write themselves, any other
 * with a capital letter.
 *
 * @example
 * formatProviderName('github') // 'GitHub'
 */
export function formatProviderName(provider: string): string {
  return names[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1)
}
