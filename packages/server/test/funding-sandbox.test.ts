// The devnet's sandbox onramp end to end: the API opens a checkout, a browser fills in the sandbox's
// form with the test card, the sandbox pays on a real anvil chain and reports back by signed webhook,
// and the status the wallet polls turns to success.

import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { getSolanaCluster, LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID, LOCAL_USDC_ADDRESS } from '@satchel/core'
import { DEVCHAIN_TREASURY_ADDRESS, satchelUsd } from '@satchel/devchain'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CreateSandboxOnrampReturnType,
  createSandboxOnramp,
} from '../../../apps/devnet/src/sandbox-onramp/createSandboxOnramp'
import { signSandboxWebhook } from '../../../apps/devnet/src/sandbox-onramp/signSandboxWebhook'
import { deliverWebhook, listenForWebhooks, signInWithWallet } from './funding-standins'
import { startTestServer, type TestServer } from './harness'
import { type LocalChain, startLocalChain } from './wallets-harness'

const SECRET = 'sandbox-webhook-secret-for-tests'

let chain: LocalChain
let t: TestServer
let sandbox: CreateSandboxOnrampReturnType
let apiUrl: string
let alice: Awaited<ReturnType<typeof signInWithWallet>>
let bob: Awaited<ReturnType<typeof signInWithWallet>>

/** A free loopback port, so the API can be told the sandbox's URL before the sandbox starts. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

beforeAll(async () => {
  chain = await startLocalChain()
  const sandboxPort = await freePort()
  t = await startTestServer({
    env: { SANDBOX_ONRAMP_URL: `http://127.0.0.1:${sandboxPort}`, SANDBOX_ONRAMP_WEBHOOK_SECRET: SECRET },
  })
  apiUrl = await listenForWebhooks(t)
  sandbox = await createSandboxOnramp({
    port: sandboxPort,
    apiUrl,
    webhookSecret: SECRET,
    chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
    log: () => {},
  })
  alice = await signInWithWallet(t, 'alice-sandbox@example.com')
  bob = await signInWithWallet(t, 'bob-sandbox@example.com')
})
afterAll(async () => {
  await sandbox?.close()
  await t?.close()
  await chain?.stop()
})

const client = () => createPublicClient({ transport: http(chain.rpcUrl) })
const usdcBalance = (address: `0x${string}`) =>
  client().readContract({
    address: LOCAL_USDC_ADDRESS,
    abi: satchelUsd.abi,
    functionName: 'balanceOf',
    args: [address],
  })
const init = (body: Record<string, unknown>, token = alice.token) =>
  t.call('POST', '/api/v1/funding/sandbox/init', {
    token,
    body: { address: alice.address, chain_id: LOCAL_CHAIN_ID, asset: 'USDC', amount: '25', ...body },
  })
const status = async (sessionId: string) =>
  (
    await t.call('GET', `/api/v1/funding/sandbox/status?sessionId=${sessionId}`, { token: alice.token })
  ).json()
const open = async () => {
  const response = await init({})
  expect(response.statusCode).toBe(200)
  return response.json() as { checkout_url: string; session_id: string }
}

/** What a person does in the popup: open the checkout page, fill in the form, press Pay. */
async function payInBrowser(
  checkoutUrl: string,
  fields: { amount: string; asset: string; card_number: string },
) {
  const page = await (await fetch(checkoutUrl)).text()
  const session = /<input type="hidden" name="session" value="([^"]+)">/.exec(page)?.[1]
  expect(session).toBeDefined()
  const response = await fetch(new URL('/checkout', checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: session ?? '', ...fields }).toString(),
  })
  return { status: response.status, html: await response.text() }
}

describe('the sandbox onramp, through the API', () => {
  it('pays the wallet on the local chain with the test card, and the status turns to success', async () => {
    const { checkout_url: checkoutUrl, session_id: sessionId } = await open()
    expect(checkoutUrl.startsWith(`${sandbox.url}/checkout?session=`)).toBe(true)
    expect(await status(sessionId)).toEqual({ status: 'pending' })
    const before = await usdcBalance(alice.address)

    const paid = await payInBrowser(checkoutUrl, {
      amount: '25',
      asset: 'USDC',
      card_number: '4242 4242 4242 4242',
    })
    expect(paid.status).toBe(200)
    expect(paid.html).toContain(`Sent 25 USDC to ${alice.address} on Satchel Devnet.`)

    expect((await usdcBalance(alice.address)) - before).toBe(25_000_000n)
    const answer = await status(sessionId)
    expect(answer).toEqual({ status: 'success', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const transaction = await client().getTransaction({ hash: answer.tx_hash })
    expect(transaction.from.toLowerCase()).toBe(DEVCHAIN_TREASURY_ADDRESS.toLowerCase())
    expect(transaction.to?.toLowerCase()).toBe(LOCAL_USDC_ADDRESS.toLowerCase())
  })

  it('turns the status to failure when the card is declined, and pays nothing', async () => {
    const { checkout_url: checkoutUrl, session_id: sessionId } = await open()
    const before = await client().getBalance({ address: alice.address })
    const declined = await payInBrowser(checkoutUrl, {
      amount: '1',
      asset: 'native',
      card_number: '5555 5555 5555 4444',
    })
    expect(declined.status).toBe(402)
    expect(declined.html).toContain('Your card was declined.')
    expect(await status(sessionId)).toEqual({ status: 'failure' })
    expect(await client().getBalance({ address: alice.address })).toBe(before)
  })

  it('keeps one monotonic status through duplicated, late and forged sandbox webhooks', async () => {
    const { session_id: sessionId } = await open()
    const send = (event: Record<string, unknown>, options: { secret?: string; atMs?: number } = {}) => {
      const body = JSON.stringify({ session_id: sessionId, chain_id: LOCAL_CHAIN_ID, ...event })
      return deliverWebhook(apiUrl, 'sandbox', {
        body,
        headers: {
          'content-type': 'application/json',
          'satchel-sandbox-signature': signSandboxWebhook(
            body,
            options.secret ?? SECRET,
            options.atMs ?? t.clock.now,
          ),
        },
      })
    }
    const hash = `0x${'12'.repeat(32)}`
    const forged = await send(
      { type: 'checkout.succeeded', status: 'success', tx_hash: hash },
      { secret: 'x'.repeat(32) },
    )
    expect(await forged.json()).toEqual({
      code: 'invalid_webhook',
      error: 'The webhook signature is not valid',
    })
    const stale = await send(
      { type: 'checkout.succeeded', status: 'success' },
      { atMs: t.clock.now - 10 * 60_000 },
    )
    expect((await stale.json()).code).toBe('invalid_webhook')
    expect(await status(sessionId)).toEqual({ status: 'pending' })

    for (const event of [
      { type: 'checkout.succeeded', status: 'success', tx_hash: hash },
      { type: 'checkout.processing', status: 'processing' },
      { type: 'checkout.succeeded', status: 'success', tx_hash: hash },
      { type: 'checkout.declined', status: 'failure' },
    ])
      expect((await send(event)).status).toBe(200)
    expect(await status(sessionId)).toEqual({ status: 'success', tx_hash: hash })
  })

  it('refuses a chain the sandbox does not pay on, an unknown asset, a bad amount and someone else’s wallet', async () => {
    const mainnet = await init({ chain_id: 1 })
    expect(mainnet.statusCode).toBe(400)
    expect(mainnet.json()).toEqual({
      code: 'unsupported_chain_id',
      error: `The sandbox onramp pays on the local chains ${LOCAL_CHAIN_ID} and ${LOCAL_BASE_CHAIN_ID} only`,
    })
    expect((await init({ asset: 'DOGE' })).json()).toEqual({
      code: 'unsupported_onramp_asset',
      error: 'Unknown onramp asset "DOGE": only "native" and "USDC" are supported',
    })
    expect((await init({ amount: '0' })).json()).toEqual({
      code: 'invalid_data',
      error: 'amount must be a decimal number above zero',
    })
    expect((await init({ address: bob.address })).json().code).toBe('embedded_wallet_not_found')
    const otherUsersStatus = await t.call(
      'GET',
      `/api/v1/funding/sandbox/status?sessionId=${(await open()).session_id}`,
      {
        token: bob.token,
      },
    )
    expect(otherUsersStatus.statusCode).toBe(404)
  })

  it('opens a Solana checkout for the user’s Solana wallet on the local cluster only', async () => {
    const devnet = getSolanaCluster('devnet').caip2
    const created = await t.call('POST', '/api/v1/wallets', {
      token: alice.token,
      body: { chain_type: 'solana' },
    })
    const solanaAddress: string = created.json().address
    const solanaInit = (body: Record<string, unknown>) =>
      init({ address: solanaAddress, chain_id: undefined, caip2: devnet, ...body })

    const opened = await solanaInit({})
    expect(opened.statusCode, opened.body).toBe(200)
    const token = new URL(opened.json().checkout_url).searchParams.get('session') ?? ''
    const claims = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'))
    expect(claims).toMatchObject({ address: solanaAddress, caip2: devnet, asset: 'USDC', amount: '25' })
    expect(claims).not.toHaveProperty('chain_id')

    expect((await solanaInit({ caip2: getSolanaCluster('mainnet-beta').caip2 })).json()).toEqual({
      code: 'unsupported_chain_id',
      error: `The sandbox onramp pays on Solana only on the local cluster (${devnet})`,
    })
    expect((await solanaInit({ chain_id: LOCAL_CHAIN_ID })).json().code).toBe('invalid_data')
    expect((await solanaInit({ caip2: undefined })).json().code).toBe('invalid_data')
    expect((await solanaInit({ address: alice.address })).json().code).toBe('invalid_data')
    expect((await init({ address: solanaAddress })).json().code).toBe('invalid_data')
    const bobs = await t.call('POST', '/api/v1/wallets', { token: bob.token, body: { chain_type: 'solana' } })
    expect((await solanaInit({ address: bobs.json().address })).json().code).toBe('embedded_wallet_not_found')
  })
})
