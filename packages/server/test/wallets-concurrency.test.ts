import { randomBytes } from 'node:crypto'
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { fundAccount } from '@satchel/devchain'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp, type SatchelServer } from '../src/buildApp'
import { createDatabase, type Database } from '../src/platform/db/createDatabase'
import { createKv, type Kv } from '../src/platform/kv/createKv'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { testRedisUrl } from './support/testKv'
import { PUBLIC_URL, type SignedInUser, signInWithKey } from './walletRequests'
import { type LocalChain, startLocalChain, walletCall } from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const SENDS = 100

let chain: LocalChain
let first: TestServer
let second: SatchelServer
let secondDb: Database | undefined
let kvs: [Kv, Kv] | undefined
let alice: SignedInUser
let wallet: { id: string; address: `0x${string}` }

// Two API instances as a load balancer would see them: separate processes' worth of state (their own
// database pools, Redis connections and caches) over one PostgreSQL database and one Redis.
beforeAll(async () => {
  chain = await startLocalChain()
  const redisUrl = await testRedisUrl()
  const prefix = `satchel-test:${randomBytes(6).toString('hex')}:`
  kvs = [createKv(redisUrl, prefix), createKv(redisUrl, prefix)]
  first = await startTestServer({
    env: { SATCHEL_PUBLIC_URL: PUBLIC_URL, RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl}` },
    build: { kv: kvs[0] },
  })
  // PGlite (no PostgreSQL reachable) is one in-process database: the second instance shares it.
  secondDb = first.database.url ? await createDatabase({ url: first.database.url }) : undefined
  second = await buildApp(first.server.satchel.config, {
    db: secondDb ?? first.database.db,
    kv: kvs[1],
    now: () => first.clock.now,
    logger: false,
  })
  await second.ready()

  alice = await signInWithKey(first, 'alice-concurrency@example.com')
  wallet = (
    await first.call('POST', '/api/v1/wallets', { token: alice.token, body: { chain_type: 'ethereum' } })
  ).json()
  await fundAccount({
    rpcUrl: chain.rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    to: wallet.address,
    asset: 'native',
    amount: parseEther('10'),
  })
}, 120_000)

afterAll(async () => {
  await second?.close()
  await secondDb?.close()
  await first?.close()
  for (const kv of kvs ?? []) await kv.close()
  await chain?.stop()
})

it(`${SENDS} concurrent sends from one wallet through two instances are all mined with contiguous nonces`, async () => {
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const startNonce = await client.getTransactionCount({ address: wallet.address })
  // The second instance is reached through the same test helpers by routing its calls to it.
  const viaSecond: TestServer = {
    ...first,
    server: second,
    call: (method, url, options) => injectInto(second, method, url, options),
  }

  const responses = await Promise.all(
    Array.from({ length: SENDS }, (_, index) =>
      walletCall(index % 2 === 0 ? first : viaSecond, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
        key: alice.key,
        token: alice.token,
        body: {
          method: 'eth_sendTransaction',
          caip2: `eip155:${LOCAL_CHAIN_ID}`,
          params: { transaction: { to: BOB, value: String(index + 1) } },
        },
      }),
    ),
  )
  for (const response of responses) expect(response.statusCode, response.body).toBe(200)
  const hashes: `0x${string}`[] = responses.map((response) => response.json().data.hash)
  expect(new Set(hashes).size).toBe(SENDS)

  const receipts = await Promise.all(
    hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 })),
  )
  expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true)
  const nonces = (await Promise.all(hashes.map((hash) => client.getTransaction({ hash })))).map(
    (tx) => tx.nonce,
  )
  expect(nonces.sort((a, b) => a - b)).toEqual(Array.from({ length: SENDS }, (_, i) => startNonce + i))
  expect(await client.getTransactionCount({ address: wallet.address })).toBe(startNonce + SENDS)
}, 120_000)

function injectInto(
  server: SatchelServer,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: Parameters<TestServer['call']>[2] = {},
) {
  const { body, token, appId, origin, headers = {} } = options
  return server.inject({
    method,
    url,
    headers: {
      ...(appId === null ? {} : { 'satchel-app-id': appId ?? first.app.id }),
      ...(origin === null ? {} : { origin: origin ?? ORIGIN }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  })
}
