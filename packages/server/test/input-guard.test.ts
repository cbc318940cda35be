// Input that reaches storage or canonicalization is checked once, in front of every route: what a
// user (or an attacker) sends can earn a 400 with a catalogued code, never a 500, and never a value
// that breaks a statement shared with other users' requests.
import { connect } from 'node:net'
import { parseTransaction } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { createWallet, PUBLIC_URL, type SignedInUser, signedCall, signInWithKey } from './walletRequests'

let t: TestServer
let alice: SignedInUser
let walletId: string

beforeAll(async () => {
  t = await startTestServer({ env: { SATCHEL_PUBLIC_URL: PUBLIC_URL } })
  alice = await signInWithKey(t, 'alice-input@example.com')
  walletId = (await createWallet(t, alice.token)).id
})
afterAll(() => t.close())

const rpc = (body: unknown) =>
  signedCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, { key: alice.key, token: alice.token, body })

/**
 * A wallet request whose body is sent as raw JSON text (what `JSON.stringify` cannot write), with a
 * signature header that does not matter: the guard must answer before the check canonicalizes.
 */
const rawRpc = (text: string) =>
  t.server.inject({
    method: 'POST',
    url: `/api/v1/wallets/${walletId}/rpc`,
    headers: {
      'satchel-app-id': t.app.id,
      authorization: `Bearer ${alice.token}`,
      'content-type': 'application/json',
      'satchel-authorization-signature': 'AAAA',
      'satchel-request-expiry': String(t.clock.now + 60_000),
    },
    payload: text,
  })

const answer = (r: { statusCode: number; json(): unknown }) => ({ status: r.statusCode, body: r.json() })

describe('one guard for every route', () => {
  it('answers a NUL in a path parameter with 400 invalid_data, not a 500 (GET /api/v1/apps/%00)', async () => {
    expect(answer(await t.call('GET', '/api/v1/apps/%00'))).toEqual({
      status: 400,
      body: { error: 'Invalid request data: the path holds a NUL character', code: 'invalid_data' },
    })
  })

  it('answers a NUL in a query string or a header with 400 invalid_data', async () => {
    const query = await t.call('GET', '/api/v1/dev/outbox?to=a%00b%40example.com')
    expect(answer(query)).toEqual({
      status: 400,
      body: { error: 'Invalid request data: the query string holds a NUL character', code: 'invalid_data' },
    })
    const header = await t.call('GET', '/api/v1/users/me', { token: alice.token, appId: 'app\u0000' })
    expect(answer(header)).toEqual({
      status: 400,
      body: { error: 'Invalid request data: the headers holds a NUL character', code: 'invalid_data' },
    })
  })

  it('answers a path that is not valid percent-encoding from the catalogue', async () => {
    for (const url of ['/api/v1/apps/%ZZ', '/api/v1/apps/%', `/api/v1/apps/${'x'.repeat(500)}`])
      expect(answer(await t.call('GET', url))).toEqual({
        status: 400,
        body: { error: 'Invalid request data: the path', code: 'invalid_data' },
      })
  })
})

describe('over a real socket', () => {
  it('answers a header Node refuses to parse (a NUL in it) with the catalogue shape', async () => {
    const address = await t.server.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/v1/users/me HTTP/1.1\r\nHost: x\r\nsatchel-app-id: a\u0000b\r\n\r\n`),
      )
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })
    expect(reply).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'Invalid request data',
      code: 'invalid_data',
    })
  })
})

describe('wallet requests cannot carry what breaks storage or canonicalization', () => {
  it('refuses a caip2 holding a NUL before anything is signed or audited', async () => {
    const r = await rpc({ method: 'personal_sign', caip2: 'eip155:1\u0000', params: { message: 'hi' } })
    expect(answer(r)).toEqual({
      status: 400,
      body: { error: 'Invalid request data: the body holds a NUL character', code: 'invalid_data' },
    })
    const audited = await t.database.db.query(
      `select 1 from audit_log where user_id = $1 and details->>'caip2' like 'eip155:1%'`,
      [alice.userId],
    )
    expect(audited).toEqual([])
  })

  it('refuses a caip2 that is not a CAIP-2 id of the wallet’s namespace for message and typed-data signing', async () => {
    const typedData = {
      domain: { name: 'Test' },
      types: { Mail: [{ name: 'text', type: 'string' }] },
      primaryType: 'Mail',
      message: { text: 'hi' },
    }
    for (const caip2 of [
      'eip155:1 or 1=1',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'eip155:01',
      'x'.repeat(90),
    ]) {
      const message = await rpc({ method: 'personal_sign', caip2, params: { message: 'hi' } })
      expect(answer(message), caip2).toEqual({
        status: 400,
        body: { error: 'Invalid request data: caip2', code: 'invalid_data' },
      })
      const typed = await rpc({ method: 'eth_signTypedData_v4', caip2, params: { typed_data: typedData } })
      expect(typed.statusCode, caip2).toBe(400)
    }
    const good = await rpc({ method: 'personal_sign', caip2: 'eip155:8453', params: { message: 'hi' } })
    expect(good.statusCode).toBe(200)
  })

  it('answers deep nesting, lone surrogates and 1e400 with 400 before the signature check canonicalizes them', async () => {
    const deep = `{"method":"eth_signTypedData_v4","params":{"typed_data":{"types":{},"primaryType":"A","message":{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}}}}`
    const cases = [
      [deep, 'too much nesting'],
      ['{"method":"personal_sign","params":{"message":"\\ud800"}}', 'a lone surrogate'],
      ['{"method":"personal_sign","params":{"message":"hi","x":"a\\udc00"}}', 'a lone surrogate'],
      [
        '{"method":"eth_signTypedData_v4","params":{"typed_data":{"types":{},"primaryType":"A","message":{"v":1e400}}}}',
        'a number out of range',
      ],
    ] as const
    for (const [text, what] of cases)
      expect(answer(await rawRpc(text)), what).toEqual({
        status: 400,
        body: { error: `Invalid request data: the body holds ${what}`, code: 'invalid_data' },
      })
  })
})

describe('eth_signTransaction names its chain', () => {
  const transaction = {
    to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    value: '0x1',
    nonce: 0,
    gas: 21000,
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x1',
  }

  it('refuses a transaction with neither caip2 nor chainId instead of signing it for chain 1', async () => {
    const r = await rpc({ method: 'eth_signTransaction', params: { transaction } })
    expect(answer(r)).toEqual({
      status: 400,
      body: { error: 'Invalid request data: caip2', code: 'invalid_data' },
    })
  })

  it('signs for the chain caip2 names, and refuses a chainId that disagrees with it', async () => {
    const r = await rpc({ method: 'eth_signTransaction', caip2: 'eip155:8453', params: { transaction } })
    expect(r.statusCode).toBe(200)
    expect(parseTransaction(r.json().data.signed_transaction).chainId).toBe(8453)
    const mismatch = await rpc({
      method: 'eth_signTransaction',
      caip2: 'eip155:8453',
      params: { transaction: { ...transaction, chain_id: '0x1' } },
    })
    expect(answer(mismatch)).toEqual({
      status: 400,
      body: { error: 'Invalid request data: caip2', code: 'invalid_data' },
    })
  })
})
