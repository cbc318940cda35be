import { LOCAL_CHAIN_ID } from '@satchel/core'
import { fundAccount } from '@satchel/devchain'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { basicAuth, PUBLIC_URL, type SignedInUser, signInWithKey } from './walletRequests'
import {
  createUserWithWallet,
  type LocalChain,
  refusal,
  startLocalChain,
  type WalletCallOptions,
  walletCall,
} from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const CAIP2 = `eip155:${LOCAL_CHAIN_ID}`

let chain: LocalChain
let t: TestServer
let alice: SignedInUser
let wallet: { id: string; address: `0x${string}` }
let client: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  chain = await startLocalChain()
  client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
  t = await startTestServer({
    env: { SATCHEL_PUBLIC_URL: PUBLIC_URL, RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl}` },
  })
  ;({ user: alice, wallet } = await createUserWithWallet(t, 'alice-evm@example.com', { chain, ether: '10' }))
  await fundAccount({
    rpcUrl: chain.rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    to: wallet.address,
    asset: 'USDC',
    amount: 1_000_000_000n,
  })
})
afterAll(async () => {
  await t?.close()
  await chain?.stop()
})

const rpc = (body: unknown, options: Partial<WalletCallOptions> = {}) =>
  walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
    key: alice.key,
    token: alice.token,
    body,
    ...options,
  })

const send = (transaction: Record<string, unknown>, options: Partial<WalletCallOptions> = {}) =>
  rpc({ method: 'eth_sendTransaction', caip2: CAIP2, params: { transaction } }, options)

const usdcBalance = (address: `0x${string}`) =>
  client.readContract({ address: chain.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('eth_signTransaction on a chain', () => {
  it('fills nonce, gas and fees from the chain, and the result is accepted by the chain', async () => {
    const response = await rpc({
      method: 'eth_signTransaction',
      caip2: CAIP2,
      params: { transaction: { to: BOB, value: '1000' } },
    })
    expect(response.statusCode, response.body).toBe(200)
    const signed = response.json().data.signed_transaction
    const parsed = parseTransaction(signed)
    expect(parsed).toMatchObject({ chainId: LOCAL_CHAIN_ID, type: 'eip1559', gas: 21000n, value: 1000n })
    expect(parsed.nonce).toBe(
      await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' }),
    )
    expect(parsed.maxFeePerGas).toBeGreaterThan(0n)
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(wallet.address)
    const hash = await client.sendRawTransaction({ serializedTransaction: signed })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  })
})

describe('eth_sendTransaction', () => {
  it('sends native coin, answers {hash, caip2}, and follows the receipt', async () => {
    const before = await client.getBalance({ address: BOB })
    const response = await send({ to: BOB, value: parseEther('0.5').toString() })
    expect(response.statusCode, response.body).toBe(200)
    const { hash, caip2 } = response.json().data
    expect(caip2).toBe(CAIP2)
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: BOB })).toBe(before + parseEther('0.5'))

    const status = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions/${hash}`, {
      token: alice.token,
    })
    expect(status.json()).toEqual({
      hash,
      caip2: CAIP2,
      status: 'mined',
      block_number: Number(receipt.blockNumber),
    })
  })

  it('sends USDC (an ERC-20 transfer) and it is mined', async () => {
    const before = await usdcBalance(BOB)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 25_000_000n] })
    const response = await send({ to: chain.usdc, data })
    expect(response.statusCode, response.body).toBe(200)
    const receipt = await client.waitForTransactionReceipt({ hash: response.json().data.hash })
    expect(receipt.status).toBe('success')
    expect(await usdcBalance(BOB)).toBe(before + 25_000_000n)
  })

  it('sends once for a retried idempotency key, and refuses the key with another body', async () => {
    const count = () => client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })
    const before = await count()
    const transaction = { to: BOB, value: '7' }
    const first = await send(transaction, { idempotencyKey: 'pay-bob-7' })
    expect(first.statusCode, first.body).toBe(200)
    // The client's retry is signed again (a new expiry); an exact resend of the same request too.
    const retried = await send(transaction, { idempotencyKey: 'pay-bob-7' })
    expect(retried.json()).toEqual(first.json())
    expect(await count()).toBe(before + 1)

    const other = await send({ to: BOB, value: '8' }, { idempotencyKey: 'pay-bob-7' })
    expect(refusal(other)).toMatchObject({ status: 400, code: 'invalid_data' })
    expect(await count()).toBe(before + 1)
  })

  it('answers an exact resend of an idempotent request with the first answer, not as a replay', async () => {
    const expiry = String(t.clock.now + 50_000)
    const options = { idempotencyKey: 'exact-resend', expiry }
    const first = await send({ to: BOB, value: '9' }, options)
    const again = await send({ to: BOB, value: '9' }, options)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
  })

  it('maps what the chain refuses: insufficient funds, a revert, a broadcast failure', async () => {
    const poor = await t.call('POST', '/api/v1/wallets', {
      token: alice.token,
      body: { chain_type: 'ethereum', create_additional: true },
    })
    const poorSend = await walletCall(t, 'POST', `/api/v1/wallets/${poor.json().id}/rpc`, {
      key: alice.key,
      token: alice.token,
      body: {
        method: 'eth_sendTransaction',
        caip2: CAIP2,
        params: { transaction: { to: BOB, value: parseEther('1').toString() } },
      },
    })
    expect(refusal(poorSend)).toMatchObject({ status: 400, code: 'insufficient_funds' })

    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 10n ** 30n] })
    const reverted = await send({ to: chain.usdc, data: tooMuch })
    expect(refusal(reverted)).toMatchObject({ status: 400, code: 'transaction_failure' })
    expect(refusal(reverted).error).toMatch(/^The transaction would revert/)

    const nonceBefore = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })
    const refused = await send({ to: BOB, value: '1', gas: 1000 })
    expect(refusal(refused)).toMatchObject({ status: 502, code: 'transaction_broadcast_failure' })
    // The refused broadcast left no gap: the next send takes the nonce it would have used.
    const next = await send({ to: BOB, value: '1' })
    const sent = await client.getTransaction({ hash: next.json().data.hash })
    expect(sent.nonce).toBe(nonceBefore)
  })

  it('refuses a send without caip2 or to a chain without an RPC', async () => {
    const noChain = await rpc({
      method: 'eth_sendTransaction',
      params: { transaction: { to: BOB, value: '1' } },
    })
    expect(refusal(noChain)).toMatchObject({
      status: 400,
      code: 'invalid_data',
      error: 'caip2 is required to send a transaction',
    })
    const unknown = await rpc({
      method: 'eth_sendTransaction',
      caip2: 'eip155:987654321',
      params: { transaction: { to: BOB } },
    })
    expect(refusal(unknown)).toMatchObject({ status: 400, code: 'unsupported_chain_id' })
    const mismatch = await send({ to: BOB, value: '1', chainId: 1 })
    expect(refusal(mismatch)).toMatchObject({
      code: 'invalid_data',
      error: 'The transaction chainId does not match caip2',
    })
  })

  it("answers the status of the wallet's own transactions only", async () => {
    const response = await send({ to: BOB, value: '2' })
    const hash = response.json().data.hash
    const bob = await signInWithKey(t, 'bob-evm@example.com')
    const foreign = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions/${hash}`, {
      token: bob.token,
    })
    expect(refusal(foreign)).toMatchObject({ status: 404, code: 'embedded_wallet_not_found' })
    const unknown = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions/0x${'ab'.repeat(32)}`, {
      token: alice.token,
    })
    expect(refusal(unknown)).toMatchObject({ status: 404, code: 'not_found' })
  })
})

describe('the list of transactions the API sent', () => {
  it("lists the wallet's sends newest first with their status, to its owner only", async () => {
    const first = (await send({ to: BOB, value: '3' })).json().data.hash
    await client.waitForTransactionReceipt({ hash: first })
    const second = (await send({ to: BOB, value: '4' })).json().data.hash
    await client.waitForTransactionReceipt({ hash: second })
    const list = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions`, { token: alice.token })
    expect(list.statusCode, list.body).toBe(200)
    const { transactions } = list.json()
    const hashes = transactions.map((entry: { hash: string }) => entry.hash)
    expect(hashes.indexOf(second)).toBeLessThan(hashes.indexOf(first))
    expect(transactions[hashes.indexOf(first)]).toEqual({
      hash: first,
      caip2: CAIP2,
      status: expect.stringMatching(/^(pending|mined)$/),
      ...(transactions[hashes.indexOf(first)].block_number === undefined
        ? {}
        : { block_number: expect.any(Number) }),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    // Further back: only what was sent before the given time.
    const older = await t.call(
      'GET',
      `/api/v1/wallets/${wallet.id}/transactions?before=${encodeURIComponent(transactions[hashes.indexOf(second)].created_at)}`,
      { token: alice.token },
    )
    expect(older.json().transactions.map((entry: { hash: string }) => entry.hash)).not.toContain(second)

    const bob = await signInWithKey(t, 'bob-list@example.com')
    const foreign = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions`, { token: bob.token })
    expect(refusal(foreign)).toMatchObject({ status: 404, code: 'embedded_wallet_not_found' })
    const junk = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions?before=yesterday`, {
      token: alice.token,
    })
    expect(refusal(junk)).toMatchObject({ status: 400, code: 'invalid_data' })
    // The user's route: an app secret does not read it (the app has the per-hash status route).
    const asApp = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions`, {
      origin: null,
      headers: basicAuth(t.app.id, t.appSecret),
    })
    expect(asApp.statusCode).toBe(401)
  })
})
