import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// Test-only: the Coinbase stand-in lives with the server's tests.
import { type CoinbaseStandIn, startCoinbaseStandIn } from '../../../../server/test/funding-standins'
import { signInWithEmail } from '../../../test/signInWithEmail'
import { startServer, type TestStack } from '../../../test/startServer'
import { fundWallet } from './fundWallet'

const KEY_ID = 'organizations/org-satchel/apiKeys/key-1'
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const PEM = privateKey.export({ format: 'pem', type: 'sec1' }).toString()

let coinbase: CoinbaseStandIn
let stack: TestStack
beforeAll(async () => {
  coinbase = await startCoinbaseStandIn({ keyId: KEY_ID, publicKey })
  stack = await startServer({
    env: {
      COINBASE_CDP_KEY_ID: KEY_ID,
      COINBASE_CDP_PRIVATE_KEY: PEM,
      COINBASE_API_URL: coinbase.url,
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
