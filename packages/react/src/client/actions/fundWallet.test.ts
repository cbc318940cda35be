import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// Test-only: the Coinbase stand-in lives with the server's tests.
import {
  type CoinbaseStandIn,
  coinbaseEnv,
  createCdpTestKey,
  startCoinbaseStandIn,
} from '../../../../server/test/funding-standins'
import { signInWithEmail } from '../../../test/signInWithEmail'
import { startServer, type TestStack } from '../../../test/startServer'
import { fundWallet } from './fundWallet'

const KEY = createCdpTestKey()

let coinbase: CoinbaseStandIn
let stack: TestStack
beforeAll(async () => {
  coinbase = await startCoinbaseStandIn({ keyId: KEY.keyId, publicKey: KEY.publicKey })
  stack = await startServer({
    env: {
      ...coinbaseEnv(KEY, coinbase),
      // The operator points people at Coinbase's sandbox.
      COINBASE_PAY_URL: 'https://pay-sandbox.coinbase.com',
    },
  })
})
afterAll(async () => {
  await stack?.close()
  await coinbase?.close()
})

describe('fundWallet', () => {
  it("sends people to the buy page the server names (COINBASE_PAY_URL), not Coinbase's production page", async () => {
    const client = await signInWithEmail(stack, 'fund-sandbox@example.com')

    const { url, partnerUserId } = await fundWallet(client, { asset: 'USDC', network: 'base', amount: 20 })
    const page = new URL(url)
    expect(page.origin).toBe('https://pay-sandbox.coinbase.com')
    expect(page.pathname).toBe('/buy/select-asset')
    expect(page.searchParams.get('partnerUserId')).toBe(partnerUserId)
    expect(page.searchParams.get('presetCryptoAmount')).toBe('20')
    client.destroy()
  })
})
