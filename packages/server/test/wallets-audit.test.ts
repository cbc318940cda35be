// The audit log under attack and under failure: one user's hostile input, or an audit write that
// fails, never breaks another request nor turns a transaction that was sent into an error.
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../src/platform/db/createDatabase'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { createTestDatabase, type TestDatabase } from './support/testDatabase'
import { PUBLIC_URL } from './walletRequests'
import { createUserWithWallet, type LocalChain, startLocalChain, walletCall } from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const CAIP2 = `eip155:${LOCAL_CHAIN_ID}`

let chain: LocalChain
let database: TestDatabase
let t: TestServer
let client: ReturnType<typeof createPublicClient>
/** Audit outcomes whose inserts the database refuses, as a full disk or a lost connection would. */
const refusedOutcomes = new Set<string>()
let users = 0

/** The test database, refusing audit inserts that carry a refused outcome. */
function refusingAudit(inner: Db): Db {
  return {
    query: (sql, params = []) => {
      const outcomes = JSON.stringify(params[4] ?? null)
      if (
        sql.includes('insert into audit_log') &&
        [...refusedOutcomes].some((o) => outcomes.includes(`"${o}"`))
      )
        return Promise.reject(new Error('could not write to the audit log'))
      return inner.query(sql, params)
    },
    transaction: (fn) => inner.transaction((tx) => fn(refusingAudit(tx))),
  }
}

beforeAll(async () => {
  chain = await startLocalChain()
  client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
  database = await createTestDatabase()
  t = await startTestServer({
    env: { SATCHEL_PUBLIC_URL: PUBLIC_URL, RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl}` },
    build: { db: refusingAudit(database.db) },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await database?.drop()
  await chain?.stop()
})

function fundedUser() {
  users += 1
  return createUserWithWallet(t, `audit-${users}@example.com`, { chain, ether: '1' })
}

const send = (
  { user, wallet }: Awaited<ReturnType<typeof fundedUser>>,
  value: string,
  idempotencyKey?: string,
) =>
  walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
    key: user.key,
    token: user.token,
    body: { method: 'eth_sendTransaction', caip2: CAIP2, params: { transaction: { to: BOB, value } } },
    ...(idempotencyKey && { idempotencyKey }),
  })

type AuditRow = { outcome: string; details: Record<string, unknown> }
const auditRows = (userId: string) =>
  database.db.query<AuditRow>(
    "select outcome, details from audit_log where user_id = $1 and action = 'wallet.rpc' order by id",
    [userId],
  )

describe('the audit log of sends', () => {
  it("one user's NUL in a request never fails other users' sends, and each send is audited before and after its broadcast", async () => {
    const senders = await Promise.all(Array.from({ length: 12 }, () => fundedUser()))
    const attacker = await fundedUser()
    const hostile = () =>
      walletCall(t, 'POST', `/api/v1/wallets/${attacker.wallet.id}/rpc`, {
        key: attacker.user.key,
        token: attacker.user.token,
        body: {
          method: 'personal_sign',
          caip2: 'eip155:1\u0000',
          params: { message: 'hi', encoding: 'utf-8' },
        },
      })
    // The attacker keeps asking while the sends are under way, so its entries share the audit log's
    // group commits with theirs.
    const attacks: Awaited<ReturnType<typeof hostile>>[] = []
    let sending = true
    const attacking = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (sending) attacks.push(await hostile())
      }),
    )
    const sends = await Promise.all(senders.map((sender, i) => send(sender, String(i + 1))))
    sending = false
    await attacking

    for (const response of sends) expect(response.statusCode, response.body).toBe(200)
    for (const response of attacks) expect([200, 400]).toContain(response.statusCode)
    for (const [i, sender] of senders.entries()) {
      const hash = sends[i]?.json().data.hash
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
      // The outcome is written in the background, after the answer.
      const rows = await vi.waitFor(async () => {
        const found = await auditRows(sender.user.userId)
        const sendRows = found.filter((row) => row.details.method === 'eth_sendTransaction')
        if (sendRows.length < 2) throw new Error('outcome not written yet')
        return sendRows
      })
      expect(rows.map((row) => row.outcome)).toEqual(['started', 'success'])
      expect(rows.map((row) => row.details.transaction_hash)).toEqual([hash, hash])
      expect(rows[1]?.details.request_id).toBe(rows[0]?.details.request_id)
    }
  }, 60_000)

  it('a send whose audit outcome cannot be written still answers its hash, and a retry with its key sends nothing more', async () => {
    const sender = await fundedUser()
    refusedOutcomes.add('success')
    try {
      const first = await send(sender, '5', 'pay-bob-5')
      expect(first.statusCode, first.body).toBe(200)
      const retried = await send(sender, '5', 'pay-bob-5')
      expect(retried.json()).toEqual(first.json())
      await client.waitForTransactionReceipt({ hash: first.json().data.hash })
      expect(await client.getTransactionCount({ address: sender.wallet.address })).toBe(1)
      // What was stored before the broadcast still records the transaction.
      const rows = await auditRows(sender.user.userId)
      expect(rows.filter((row) => row.details.method === 'eth_sendTransaction')).toMatchObject([
        { outcome: 'started', details: { transaction_hash: first.json().data.hash } },
      ])
    } finally {
      refusedOutcomes.clear()
    }
  })

  it('a send whose intent cannot be stored is not broadcast', async () => {
    const sender = await fundedUser()
    refusedOutcomes.add('started')
    try {
      const refused = await send(sender, '6')
      expectAnswer(refused, 503, {
        code: 'service_unavailable',
        error: 'The transaction could not be recorded, so it was not sent; try again',
      })
      expect(await client.getTransactionCount({ address: sender.wallet.address, blockTag: 'pending' })).toBe(
        0,
      )
    } finally {
      refusedOutcomes.clear()
    }
    // Nothing was left behind: the next send takes nonce 0.
    const next = await send(sender, '7')
    expect(next.statusCode, next.body).toBe(200)
    expect((await client.getTransaction({ hash: next.json().data.hash })).nonce).toBe(0)
  })
})
