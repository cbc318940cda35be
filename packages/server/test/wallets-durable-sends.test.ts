// Sends that survive their chain's node and their own process: a node that takes a transaction and
// drops the connection, a node that never got it, an attempt that died mid-request. The same
// idempotency key never becomes a second, different transaction, and what was recorded reaches the chain.
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { LOCAL_CHAIN_ID } from '@satchel/core'
import canonicalize from 'canonicalize'
import { createPublicClient, type Hash, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reconcileSentTransactions } from '../src/wallets/chains/reconcileSentTransactions'
import { getWalletTransaction } from '../src/wallets/chains/walletTransactions'
import { WAIT_FOR_FIRST_MS } from '../src/wallets/withIdempotency'
import { startTestServer, type TestServer } from './harness'
import { PUBLIC_URL } from './walletRequests'
import { createUserWithWallet, type LocalChain, startLocalChain, walletCall } from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const RETRY_WAIT_MS = 1_000

let chain: LocalChain
let proxy: Server
/** What the node in front of anvil does with the next `eth_sendRawTransaction`. */
let nextSend: 'forward' | 'take-and-drop' | 'drop' = 'forward'
let t: TestServer
let client: ReturnType<typeof createPublicClient>
let users = 0

beforeAll(async () => {
  chain = await startLocalChain()
  client = createPublicClient({ transport: http(chain.rpcUrl) })
  // Forwards JSON-RPC to anvil; a send can be taken (forwarded, mined) and its answer dropped, or
  // dropped before anvil sees it: both look the same to the API, a connection closed without an answer.
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const isSend = body.includes('"eth_sendRawTransaction"')
      const mode = isSend ? nextSend : 'forward'
      if (isSend) nextSend = 'forward'
      if (mode === 'drop') return response.socket?.destroy()
      const answer = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = await answer.text()
      if (mode === 'take-and-drop') return response.socket?.destroy()
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text)
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  const proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  t = await startTestServer({
    env: {
      SATCHEL_PUBLIC_URL: PUBLIC_URL,
      RPC_URLS: `${LOCAL_CHAIN_ID}=${proxyUrl}`,
      // The test runs the reconciler itself, at the moments it chooses.
      RECONCILE_INTERVAL_SECONDS: '0',
    },
    // A retry gives a live first attempt this long (30 s in production): the "still running" case
    // below waits it out, polling as it does for 30 s, without sitting out the real 30 s.
    build: { waitForFirstAttemptMs: RETRY_WAIT_MS },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => proxy?.close(resolve))
  await chain?.stop()
})

function fundedWallet() {
  users += 1
  return createUserWithWallet(t, `durable-${users}@example.com`, { chain, ether: '1' })
}

function sendBody(value: string) {
  return {
    method: 'eth_sendTransaction',
    caip2: `eip155:${LOCAL_CHAIN_ID}`,
    params: { transaction: { to: BOB, value } },
  }
}

function send(sender: Awaited<ReturnType<typeof fundedWallet>>, body: unknown, idempotencyKey: string) {
  return walletCall(t, 'POST', `/api/v1/wallets/${sender.wallet.id}/rpc`, {
    key: sender.user.key,
    token: sender.user.token,
    body,
    idempotencyKey,
  })
}

const sentBy = (address: `0x${string}`) => client.getTransactionCount({ address, blockTag: 'latest' })

describe('a send whose chain node drops the connection', () => {
  it('after taking the transaction: the retry with the same key answers its hash, and only one transaction exists', async () => {
    const sender = await fundedWallet()
    const body = sendBody('1000')
    nextSend = 'take-and-drop'
    const first = await send(sender, body, 'pay-bob-1')
    expect(first.statusCode).toBeGreaterThanOrEqual(500)
    expect(await sentBy(sender.wallet.address)).toBe(1)

    const retry = await send(sender, body, 'pay-bob-1')
    expect(retry.statusCode).toBe(200)
    const hash = retry.json().data.hash as Hash
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    expect((await send(sender, body, 'pay-bob-1')).json().data.hash).toBe(hash)
    expect(await sentBy(sender.wallet.address)).toBe(1)
  })

  it('before the chain saw it: the reconciler broadcasts the recorded bytes, once, and the retry answers that hash', async () => {
    const sender = await fundedWallet()
    const body = sendBody('2000')
    nextSend = 'drop'
    const first = await send(sender, body, 'pay-bob-2')
    expect(first.statusCode).toBeGreaterThanOrEqual(500)
    expect(await sentBy(sender.wallet.address)).toBe(0)

    const retry = await send(sender, body, 'pay-bob-2')
    expect(retry.statusCode).toBe(200)
    const hash = retry.json().data.hash as Hash
    // Still nothing on the chain: the retry answered what was bound, it did not sign again.
    expect(await sentBy(sender.wallet.address)).toBe(0)

    // The reconciler looks at sends quiet for a while (the test clock stands still otherwise).
    t.clock.advance(60_000)
    expect(await reconcileSentTransactions(t.server.satchel, { quietForMs: 0 })).toMatchObject({
      rebroadcast: 1,
    })
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    t.clock.advance(60_000)
    expect(await reconcileSentTransactions(t.server.satchel, { quietForMs: 0 })).toMatchObject({ settled: 1 })
    expect(await getWalletTransaction(t.server.satchel.db, sender.wallet.id, hash)).toMatchObject({
      status: 'mined',
    })
    expect(await sentBy(sender.wallet.address)).toBe(1)
  })
})

describe('an attempt that died mid-request', () => {
  const requestHash = (body: unknown) =>
    createHash('sha256')
      .update(canonicalize(body) ?? '')
      .digest()
  const abandon = (scope: string, key: string, body: unknown, bound: unknown) =>
    t.server.satchel.db.query(
      `insert into wallet_idempotent_requests (scope, idempotency_key, request_hash, created_at, owner, bound_response)
       values ($1, $2, $3, $4, 'a-process-that-died', $5)`,
      [
        scope,
        key,
        requestHash(body),
        new Date(t.clock.now - 120_000),
        bound === null ? null : JSON.stringify(bound),
      ],
    )

  it('before signing anything: its retry takes the key over and sends, once', async () => {
    const sender = await fundedWallet()
    const body = sendBody('3000')
    await abandon(sender.wallet.id, 'pay-bob-3', body, null)
    const retry = await send(sender, body, 'pay-bob-3')
    expect(retry.statusCode).toBe(200)
    expect(await sentBy(sender.wallet.address)).toBe(1)
    expect((await send(sender, body, 'pay-bob-3')).json().data.hash).toBe(retry.json().data.hash)
  })

  it('killed a moment ago (its process holds no lease): the retry takes the key over at once and sends, once', async () => {
    const sender = await fundedWallet()
    const body = sendBody('3500')
    await t.server.satchel.db.query(
      `insert into wallet_idempotent_requests (scope, idempotency_key, request_hash, created_at, owner)
       values ($1, $2, $3, $4, 'proc_killed:0d6f1f5e-2b0e-4c51-9d43-1b0c3c1d2e11')`,
      [sender.wallet.id, 'pay-bob-35', requestHash(body), new Date(t.clock.now)],
    )
    const startedAt = Date.now()
    const retry = await send(sender, body, 'pay-bob-35')
    expect(retry.statusCode).toBe(200)
    // Not the minute before an attempt counts as dead; waiting for it as for a live attempt would end
    // in replayed_request, not 200.
    expect(Date.now() - startedAt).toBeLessThan(20_000)
    expect(await sentBy(sender.wallet.address)).toBe(1)
  })

  it('after binding its transaction: the retry answers that transaction and signs nothing new', async () => {
    const sender = await fundedWallet()
    const body = sendBody('4000')
    const bound = {
      method: 'eth_sendTransaction',
      data: { hash: `0x${'ab'.repeat(32)}`, caip2: `eip155:${LOCAL_CHAIN_ID}` },
    }
    await abandon(sender.wallet.id, 'pay-bob-4', body, bound)
    const retry = await send(sender, body, 'pay-bob-4')
    expect(retry.statusCode).toBe(200)
    expect(retry.json().data.hash).toBe(bound.data.hash)
    expect(await sentBy(sender.wallet.address)).toBe(0)
  })

  it('still running (not abandoned yet): a retry is told it is in progress, and nothing is sent twice', async () => {
    const sender = await fundedWallet()
    const body = sendBody('5000')
    await t.server.satchel.db.query(
      `insert into wallet_idempotent_requests (scope, idempotency_key, request_hash, created_at, owner)
       values ($1, $2, $3, $4, 'a-slow-attempt')`,
      [sender.wallet.id, 'pay-bob-5', requestHash(body), new Date(t.clock.now)],
    )
    const retry = await send(sender, body, 'pay-bob-5')
    expect(retry.json()).toMatchObject({ code: 'replayed_request' })
    expect(await sentBy(sender.wallet.address)).toBe(0)
    // This file's server waits RETRY_WAIT_MS; a production server waits 30 s.
    expect(WAIT_FOR_FIRST_MS).toBe(30_000)
  })
})
