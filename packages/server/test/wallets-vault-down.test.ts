// A vault process that is down (killed, restarting) makes wallet creation answer 503
// `service_unavailable`, as signing does, so clients retry; never a 500 (found by bench/resilience).
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { PUBLIC_URL, signInWithKey } from './walletRequests'

/** A loopback port that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe('wallet creation while the vault is down', { timeout: 60_000 }, () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer({
      env: {
        SATCHEL_PUBLIC_URL: PUBLIC_URL,
        RPC_URLS: `${LOCAL_CHAIN_ID}=http://127.0.0.1:9`,
        SATCHEL_VAULT_URL: `http://127.0.0.1:${await closedPort()}`,
        SATCHEL_VAULT_SECRET: randomBytes(24).toString('hex'),
      },
    })
  })
  afterAll(() => t?.close())

  it('answers 503 service_unavailable, and the user can log in meanwhile', async () => {
    const user = await signInWithKey(t, 'vault-down@example.com')
    const response = await t.call('POST', '/api/v1/wallets', {
      token: user.token,
      body: { chain_type: 'ethereum' },
    })
    expectAnswer(response, 503, { error: 'The vault cannot be reached', code: 'service_unavailable' })
  })
})
