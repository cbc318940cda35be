import { loginWithEmail, sendEmailCode } from '../src/client/actions/loginWithEmail'
import { createSatchelClient, type SatchelClient } from '../src/client/createSatchelClient'
import { createMemorySessionKeyStore } from '../src/client/session/sessionKeyStore'
import { createMemoryStorage } from '../src/client/tokens/storage'
import type { TestStack } from './startServer'

type ClientOptions = Partial<Parameters<typeof createSatchelClient>[0]>

/**
 * A started client, in memory, signed in to the test server with a code sent to `email`; new users
 * get their wallets at login (`createWalletsOnLogin: 'users-without-wallets'`) unless `options` say
 * otherwise.
 *
 * @example
 * const client = await signInWithEmail(stack, 'ada@example.com')
 */
export async function signInWithEmail(
  stack: TestStack,
  email: string,
  options: ClientOptions = {},
): Promise<SatchelClient> {
  const client = createSatchelClient({
    appId: stack.appId,
    serverUrl: stack.url,
    storage: createMemoryStorage(),
    sessionKeyStore: createMemorySessionKeyStore(),
    createWalletsOnLogin: 'users-without-wallets',
    ...options,
  })
  await client.start()
  await sendEmailCode(client, { email })
  await loginWithEmail(client, { email, code: await stack.latestCode(email) })
  return client
}
