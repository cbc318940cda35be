// A chain whose node accepts connections and never answers, beside a live one: its sends must cost
// only their own requests, and a nonce lease left by a process that died must not strand a sender.
import { createServer, type Server, type Socket } from 'node:net'
import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '@satchel/core'
import { createPublicClient, type Hex, http, keccak256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNonceManager } from '../src/wallets/chains/createNonceManager'
import { getPublicClient } from '../src/wallets/chains/getPublicClient'
import { acquireNonceLease } from '../src/wallets/chains/nonceLeases'
import { getWalletTransaction, recordWalletTransaction } from '../src/wallets/chains/walletTransactions'
import { startTestServer, type TestServer } from './harness'
import { PUBLIC_URL } from './walletRequests'
import {
  createUserWithWallet,
  fundWithEther,
  type LocalChain,
  refusal,
  startLocalChain,
  walletCall,
} from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const HANGING_SENDS = 20

let chain: LocalChain
let dead: Server
const sockets = new Set<Socket>()
let t: TestServer
let client: ReturnType<typeof createPublicClient>
let users = 0

beforeAll(async () => {
  chain = await startLocalChain()
  client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
  // The dead node: a loopback TCP server that accepts every connection and never says a word.
  dead = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
  const address = dead.address()
  const deadUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  t = await startTestServer({
    env: {
      SATCHEL_PUBLIC_URL: PUBLIC_URL,
      RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl},${LOCAL_BASE_CHAIN_ID}=${deadUrl}`,
      RPC_TIMEOUTS_MS: `${LOCAL_BASE_CHAIN_ID}=5000`,
    },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => dead?.close(resolve))
  await chain?.stop()
})

function userWithWallet() {
  users += 1
  return createUserWithWallet(t, `hanging-${users}@example.com`)
}

const send = (
  { user, wallet }: Awaited<ReturnType<typeof userWithWallet>>,
  chainId: number,
  transaction: Record<string, unknown>,
) =>
  walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
    key: user.key,
    token: user.token,
    body: { method: 'eth_sendTransaction', caip2: `eip155:${chainId}`, params: { transaction } },
  })

/** The wallet's own signature of a transfer to Bob with the given nonce (nothing is broadcast). */
async function signWithNonce(
  { user, wallet }: Awaited<ReturnType<typeof userWithWallet>>,
  nonce: number,
  value: string,
): Promise<Hex> {
  const signed = await walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
    key: user.key,
    token: user.token,
    body: {
      method: 'eth_signTransaction',
      caip2: `eip155:${LOCAL_CHAIN_ID}`,
      params: { transaction: { to: BOB, value, nonce } },
    },
  })
  return signed.json().data.signed_transaction
}

describe('a chain whose RPC hangs', () => {
  it("delays no other user's request: signatures, sends on another chain and wallet creation answer while its sends hang", async () => {
    const hangingSenders = await Promise.all(Array.from({ length: HANGING_SENDS }, () => userWithWallet()))
    const signer = await userWithWallet()
    const payer = await userWithWallet()
    await fundWithEther(chain, payer.wallet.address, '1')

    // Gas and fees are given, so the first call to the dead node is the nonce's pending count.
    let settled = 0
    const hanging = hangingSenders.map((sender) =>
      send(sender, LOCAL_BASE_CHAIN_ID, {
        to: BOB,
        value: '1',
        gas: '21000',
        maxFeePerGas: '1000000000',
        maxPriorityFeePerGas: '1',
      }).finally(() => {
        settled += 1
      }),
    )
    // Let every hanging send reach the dead node first.
    await new Promise((resolve) => setTimeout(resolve, 300))

    const signature = await walletCall(t, 'POST', `/api/v1/wallets/${signer.wallet.id}/rpc`, {
      key: signer.user.key,
      token: signer.user.token,
      body: { method: 'personal_sign', params: { message: 'still here', encoding: 'utf-8' } },
    })
    const sent = await send(payer, LOCAL_CHAIN_ID, { to: BOB, value: '2' })
    const created = await t.call('POST', '/api/v1/wallets', {
      token: signer.user.token,
      body: { chain_type: 'ethereum', create_additional: true },
    })
    const answeredWhileHanging = HANGING_SENDS - settled

    expect(signature.statusCode, signature.body).toBe(200)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(created.statusCode, created.body).toBe(201)
    expect(answeredWhileHanging).toBe(HANGING_SENDS)
    // The hanging sends end with the chain's timeout, as a catalogued refusal, and nothing was sent.
    for (const response of await Promise.all(hanging)) {
      expect(refusal(response)).toEqual({
        status: 502,
        code: 'transaction_broadcast_failure',
        error: 'The chain RPC could not be reached',
      })
    }
    expect((await client.waitForTransactionReceipt({ hash: sent.json().data.hash })).status).toBe('success')
  }, 60_000)
})

describe('the nonce lease', () => {
  it('a lease left by a process that died mid-send runs out, and later sends neither reuse a broadcast nonce nor leave a gap', async () => {
    const sender = await userWithWallet()
    await fundWithEther(chain, sender.wallet.address, '1')
    const key = { chainId: LOCAL_CHAIN_ID, address: sender.wallet.address.toLowerCase() }

    // A process took the lease, broadcast nonce 0, and died before giving the lease back.
    expect(await acquireNonceLease(t.database.db, key, { token: 'died-after-broadcast', ttlMs: 1500 })).toBe(
      0,
    )
    await client.waitForTransactionReceipt({
      hash: await client.sendRawTransaction({ serializedTransaction: await signWithNonce(sender, 0, '1') }),
    })
    const afterBroadcast = await send(sender, LOCAL_CHAIN_ID, { to: BOB, value: '2' })
    expect(afterBroadcast.statusCode, afterBroadcast.body).toBe(200)

    // Another took the lease and died before broadcasting anything.
    expect(await acquireNonceLease(t.database.db, key, { token: 'died-before-broadcast', ttlMs: 1500 })).toBe(
      2,
    )
    const afterNothing = await send(sender, LOCAL_CHAIN_ID, { to: BOB, value: '3' })
    expect(afterNothing.statusCode, afterNothing.body).toBe(200)

    const nonces = await Promise.all(
      [afterBroadcast, afterNothing].map(async (response) => {
        const hash = response.json().data.hash
        await client.waitForTransactionReceipt({ hash })
        return (await client.getTransaction({ hash })).nonce
      }),
    )
    expect(nonces).toEqual([1, 2])
    expect(await client.getTransactionCount({ address: sender.wallet.address })).toBe(3)
  }, 30_000)

  // Ten minutes: far past the test's own timeout, so a send that waited for it to run out would fail.
  const LONG_LEASE_MS = 600_000
  const KILLED_PROCESS = 'proc_killed:5b0f6c52-8d0e-4a53-9b7e-2f1d8c3a4e60'

  it('a lease whose process was killed mid-send is taken over at once, and the send it had recorded still reaches the chain with its nonce', async () => {
    const sender = await userWithWallet()
    await fundWithEther(chain, sender.wallet.address, '1')
    const key = { chainId: LOCAL_CHAIN_ID, address: sender.wallet.address.toLowerCase() }

    // A process (named by its liveness lease, which it no longer renews) took the lease, signed and
    // recorded nonce 0, and was killed before broadcasting it; its client had the hash acknowledged.
    expect(await acquireNonceLease(t.database.db, key, { token: KILLED_PROCESS, ttlMs: LONG_LEASE_MS })).toBe(
      0,
    )
    const recorded = await signWithNonce(sender, 0, '10')
    const recordedHash = keccak256(recorded)
    await recordWalletTransaction(t.database.db, {
      walletId: sender.wallet.id,
      caip2: `eip155:${LOCAL_CHAIN_ID}`,
      hash: recordedHash,
      nonce: 0,
      signedTransaction: recorded,
    })

    const next = await send(sender, LOCAL_CHAIN_ID, { to: BOB, value: '3' })
    expect(next.statusCode, next.body).toBe(200)
    const nextHash = next.json().data.hash
    const [first, second] = await Promise.all(
      [recordedHash, nextHash].map(async (hash) => {
        expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
        return (await client.getTransaction({ hash })).nonce
      }),
    )
    expect([first, second]).toEqual([0, 1])
    expect(await client.getTransactionCount({ address: sender.wallet.address })).toBe(2)
    const settled = await getWalletTransaction(t.database.db, sender.wallet.id, nextHash)
    expect(settled?.nonce).toBe(1)
  }, 30_000)

  it('a holder taken over meanwhile (its process taken for dead) records nothing, so sends nothing', async () => {
    const sender = await userWithWallet()
    const ctx = t.server.satchel
    const nonces = createNonceManager(ctx)
    const key = { chainId: LOCAL_CHAIN_ID, address: sender.wallet.address }
    const attempt = nonces.withReservedNonce(
      { ...key, client: getPublicClient(ctx, LOCAL_CHAIN_ID) },
      async (_nonce, lease) => {
        await ctx.db.query('update chain_nonces set lease_token = $3 where chain_id = $1 and address = $2', [
          LOCAL_CHAIN_ID,
          key.address.toLowerCase(),
          'proc_another:9c1d6e0a-3f4b-4d2a-8e5c-7a6b1f0e2d39',
        ])
        await ctx.db.transaction((tx) => lease.assertHeld(tx))
        return 'recorded'
      },
    )
    await expect(attempt).rejects.toMatchObject({ code: 'service_unavailable' })
  })
})
