import type { Page } from 'playwright-core'

/**
 * Gives the page a platform authenticator through the DevTools protocol (WebAuthn domain): it holds
 * resident keys, verifies the user and answers at once, like a phone's screen lock that always says
 * yes. Its passkeys live as long as the page.
 *
 * @example
 * await addVirtualAuthenticator(page)
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ credentialCount(): Promise<number> }> {
  const session = await page.context().newCDPSession(page)
  await session.send('WebAuthn.enable')
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    async credentialCount() {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId })
      return credentials.length
    },
  }
}
