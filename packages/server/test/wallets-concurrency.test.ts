import { LOCAL_CHAIN_ID } from '@satchel/core'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestServer } from './harness'
import { startTwoInstances, type TwoInstances } from './support/startTwoInstances'
import { PUBLIC_URL, type SignedInUser } from './walletRequests'
import { createUserWithWallet, type LocalChain, startLocalChain, walletCall } from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const SENDS = 100

let chain: LocalChain
let first: TestServer
let viaSecond: TestServer
let instances: TwoInstances | undefined
let alice: SignedInUser
let wallet: { id: string; address: `0x${string}` }

beforeAll(async () => {
  chain = await startLocalChain()
  instances = await startTwoInstances({
    SATCHEL_PUBLIC_URL: PUBLIC_URL,
    RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl}`,
  })
  // The second instance is reached through the same test helpers, its calls routed to it.
  ;({ first, second: viaSecond } = instances)
  ;({ user: alice, wallet } = await createUserWithWallet(first, 'alice-concurrency@example.com', {
    chain,
    ether: '10',
  }))
}, 120_000)

afterAll(async () => {
  await instances?.close()
  await chain?.stop()
})

it(`${SENDS} concurrent sends from one wallet through two instances are all mined with contiguous nonces`, async () => {
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const startNonce = await client.getTransactionCount({ address: wallet.address })
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
