import type { LightMyRequestResponse } from 'fastify'
import { encodeFunctionData, erc20Abi, recoverTransactionAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import {
  basicAuth,
  createP256Key,
  createWallet,
  PUBLIC_URL,
  type SignedInUser,
  signedCall,
  signInWithKey,
  userCall,
} from './walletRequests'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' as const
const CAROL = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const CHAIN_ID = 31337

let t: TestServer
let user: SignedInUser
let wallet: { id: string; address: string }
let app: Record<string, string>

beforeAll(async () => {
  t = await startTestServer({ env: { SATCHEL_PUBLIC_URL: PUBLIC_URL } })
  app = basicAuth(t.app.id, t.appSecret)
  user = await signInWithKey(t, 'policies@example.com')
  wallet = await createWallet(t, user.token)
})
afterAll(() => t.close())

type Rule = {
  name: string
  method: string
  action: 'ALLOW' | 'DENY'
  conditions: Array<{ field_source: string; field: string; operator: string; value: string | string[] }>
}

const asApp = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { body, origin: null, headers: app })

async function createPolicy(rules: Rule[], name = 'test policy', chainType = 'ethereum'): Promise<string> {
  const response = await asApp('POST', '/api/v1/policies', { name, chain_type: chainType, rules })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().id
}

/** Makes `rules` the wallet's only policy (set by the app's backend). */
async function useRules(rules: Rule[]): Promise<void> {
  const id = await createPolicy(rules)
  const response = await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [id] })
  expect(response.statusCode, response.body).toBe(200)
}

async function clearPolicies(): Promise<void> {
  await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [] })
}

const rpc = (body: unknown, signer: SignedInUser = user) =>
  signedCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, { key: signer.key, token: signer.token, body })

const transaction = (fields: Record<string, unknown>) => ({
  chainId: CHAIN_ID,
  nonce: 0,
  gas: '0x30000',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
  ...fields,
})
const signTransaction = (fields: Record<string, unknown>) =>
  rpc({ method: 'eth_signTransaction', params: { transaction: transaction(fields) } })
const personalSign = () => rpc({ method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } })
const usdcTransfer = (to: `0x${string}`, amount: bigint) =>
  signTransaction({
    to: USDC,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  })

function expectAllowed(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200)
}
function expectDenied(response: LightMyRequestResponse, message: string) {
  expect(response.json()).toEqual({ code: 'policy_violation', error: message })
  expect(response.statusCode).toBe(403)
}

const rule = (
  name: string,
  method: string,
  action: 'ALLOW' | 'DENY',
  ...conditions: Rule['conditions']
): Rule => ({ name, method, action, conditions })
const cond = (field_source: string, field: string, operator: string, value: string | string[]) => ({
  field_source,
  field,
  operator,
  value,
})

describe('a wallet without policies', () => {
  it('signs anything its owner asks', async () => {
    await clearPolicies()
    expectAllowed(await personalSign())
    const signed = await signTransaction({ to: BOB, value: '1000000000000000000000' })
    expectAllowed(signed)
    const raw = signed.json().data.signed_transaction
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(wallet.address)
  })
})

describe('policy evaluation', () => {
  it('ethereum_transaction.value with gt, gte, lt and lte compares wei as integers', async () => {
    await useRules([
      rule(
        'at most 1 ETH',
        'eth_signTransaction',
        'ALLOW',
        cond('ethereum_transaction', 'value', 'lte', '1000000000000000000'),
      ),
      rule(
        'not exactly 5 wei',
        'eth_signTransaction',
        'DENY',
        cond('ethereum_transaction', 'value', 'gte', '5'),
        cond('ethereum_transaction', 'value', 'lt', '6'),
      ),
      rule(
        'dust is refused',
        'eth_signTransaction',
        'DENY',
        cond('ethereum_transaction', 'value', 'gt', '0'),
        cond('ethereum_transaction', 'value', 'lt', '3'),
      ),
    ])
    expectAllowed(await signTransaction({ to: BOB, value: '0xde0b6b3a7640000' })) // exactly 1 ETH
    expectAllowed(await signTransaction({ to: BOB, value: '4' }))
    expectAllowed(await signTransaction({ to: BOB })) // value 0
    expectDenied(
      await signTransaction({ to: BOB, value: '1000000000000000001' }),
      'No rule of policy "test policy" allows eth_signTransaction with these parameters',
    )
    expectDenied(
      await signTransaction({ to: BOB, value: 5 }),
      'Denied by rule "not exactly 5 wei" of policy "test policy"',
    )
    expectDenied(
      await signTransaction({ to: BOB, value: '0x2' }),
      'Denied by rule "dust is refused" of policy "test policy"',
    )
  })

  it('ethereum_transaction.to with eq and in ignores address case', async () => {
    await useRules([
      rule(
        'to bob',
        'eth_signTransaction',
        'ALLOW',
        cond('ethereum_transaction', 'to', 'eq', BOB.toLowerCase()),
      ),
      rule(
        'to usdc or carol',
        'eth_signTransaction',
        'ALLOW',
        cond('ethereum_transaction', 'to', 'in', [USDC, CAROL.toLowerCase()]),
      ),
    ])
    expectAllowed(await signTransaction({ to: BOB }))
    expectAllowed(await signTransaction({ to: CAROL }))
    expectAllowed(await signTransaction({ to: USDC.toLowerCase() }))
    expectDenied(
      await signTransaction({ to: '0x0000000000000000000000000000000000000001' }),
      'No rule of policy "test policy" allows eth_signTransaction with these parameters',
    )
  })

  it('ethereum_transaction.chain_id eq allows one chain only', async () => {
    await useRules([
      rule(
        'local chain only',
        '*',
        'ALLOW',
        cond('ethereum_transaction', 'chain_id', 'eq', String(CHAIN_ID)),
      ),
    ])
    expectAllowed(await signTransaction({ to: BOB }))
    expectDenied(
      await signTransaction({ to: BOB, chainId: 1 }),
      'No rule of policy "test policy" allows eth_signTransaction with these parameters',
    )
  })

  it('ethereum_calldata reads the recipient and amount of an ERC-20 transfer', async () => {
    await useRules([
      rule(
        'USDC to bob up to 100',
        'eth_signTransaction',
        'ALLOW',
        cond('ethereum_transaction', 'to', 'eq', USDC),
        cond('ethereum_calldata', 'transfer.to', 'eq', BOB),
        cond('ethereum_calldata', 'transfer.amount', 'lte', '100000000'),
      ),
    ])
    expectAllowed(await usdcTransfer(BOB, 100_000_000n))
    const denied = 'No rule of policy "test policy" allows eth_signTransaction with these parameters'
    expectDenied(await usdcTransfer(BOB, 100_000_001n), denied)
    expectDenied(await usdcTransfer(CAROL, 1n), denied)
    // An allowance is a transfer the spender may make later: it is held to the same rule.
    const approve = (spender: `0x${string}`, amount: bigint) =>
      signTransaction({
        to: USDC,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      })
    expectAllowed(await approve(BOB, 100_000_000n))
    expectDenied(await approve(BOB, 100_000_001n), denied)
    expectDenied(await approve(CAROL, 1n), denied)
    // A call that moves no token has no transfer fields: no rule allows it.
    const other = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [BOB] })
    expectDenied(await signTransaction({ to: USDC, data: other }), denied)
  })

  it('ethereum_typed_data_domain checks the verifying contract and chain id', async () => {
    await useRules([
      rule(
        'permits on our USDC',
        'eth_signTypedData_v4',
        'ALLOW',
        cond('ethereum_typed_data_domain', 'verifyingContract', 'eq', USDC.toLowerCase()),
        cond('ethereum_typed_data_domain', 'chainId', 'eq', String(CHAIN_ID)),
      ),
    ])
    const typedData = (verifyingContract: string, chainId: number | string) => ({
      method: 'eth_signTypedData_v4',
      params: {
        typed_data: {
          domain: { name: 'USD Coin', version: '2', chainId, verifyingContract },
          types: { Note: [{ name: 'text', type: 'string' }] },
          primaryType: 'Note',
          message: { text: 'hi' },
        },
      },
    })
    expectAllowed(await rpc(typedData(USDC, CHAIN_ID)))
    expectAllowed(await rpc(typedData(USDC, '0x7a69')))
    const denied = 'No rule of policy "test policy" allows eth_signTypedData_v4 with these parameters'
    expectDenied(await rpc(typedData(BOB, CHAIN_ID)), denied)
    expectDenied(await rpc(typedData(USDC, 1)), denied)
  })

  it('system.current_unix_timestamp bounds a rule in time (the server clock)', async () => {
    const until = Math.floor(t.clock.now / 1000) + 300
    await useRules([
      rule('five minutes only', '*', 'ALLOW', cond('system', 'current_unix_timestamp', 'lt', String(until))),
    ])
    expectAllowed(await personalSign())
    t.clock.advance(301_000)
    expectDenied(
      await personalSign(),
      'No rule of policy "test policy" allows personal_sign with these parameters',
    )
  })

  it('DENY wins over an ALLOW that also matches, in either order and across policies', async () => {
    await useRules([
      rule('everything', '*', 'ALLOW'),
      rule('never carol', 'eth_signTransaction', 'DENY', cond('ethereum_transaction', 'to', 'eq', CAROL)),
    ])
    expectAllowed(await signTransaction({ to: BOB }))
    expectDenied(await signTransaction({ to: CAROL }), 'Denied by rule "never carol" of policy "test policy"')

    const open = await createPolicy([rule('everything', '*', 'ALLOW')], 'open')
    const strict = await createPolicy([rule('no messages', 'personal_sign', 'DENY')], 'strict')
    const attached = await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, {
      policy_ids: [open, strict],
    })
    expect(attached.json().policy_ids).toEqual([open, strict])
    expectDenied(await personalSign(), 'Denied by rule "no messages" of policy "strict"')
    expectAllowed(await signTransaction({ to: CAROL }))
  })

  it('a wallet with policies denies what no rule allows (a method no rule names)', async () => {
    await useRules([rule('transactions only', 'eth_signTransaction', 'ALLOW')])
    expectAllowed(await signTransaction({ to: BOB }))
    expectDenied(
      await personalSign(),
      'No rule of policy "test policy" allows personal_sign with these parameters',
    )
    const hash = `0x${'ab'.repeat(32)}`
    expectDenied(
      await rpc({ method: 'secp256k1_sign', params: { hash } }),
      'No rule of policy "test policy" allows secp256k1_sign with these parameters',
    )
  })

  it('a denied request is in the audit log as denied, without its content', async () => {
    await useRules([rule('transactions only', 'eth_signTransaction', 'ALLOW')])
    expectDenied(
      await personalSign(),
      'No rule of policy "test policy" allows personal_sign with these parameters',
    )
    const [entry] = await t.database.db.query<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where action = 'wallet.rpc' and user_id = $1 order by id desc limit 1",
      [user.userId],
    )
    expect(entry?.outcome).toBe('denied')
    expect(entry?.details).toMatchObject({
      wallet_id: wallet.id,
      method: 'personal_sign',
      code: 'policy_violation',
    })
    expect(JSON.stringify(entry?.details)).not.toContain('hello')
  })
})

describe('delegated signer policies', () => {
  it("apply on top of the wallet's: both must allow", async () => {
    await useRules([rule('everything', '*', 'ALLOW')])
    const server = createP256Key()
    const signerPolicy = await createPolicy([rule('messages only', 'personal_sign', 'ALLOW')], 'signer scope')
    const consent = await signedCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}`, {
      key: user.key,
      token: user.token,
      body: { additional_signers: [{ signer_public_key: server.publicJwk, policy_ids: [signerPolicy] }] },
    })
    expect(consent.statusCode, consent.body).toBe(200)
    const asServer = (body: unknown) =>
      signedCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
        key: server,
        basic: { appId: t.app.id, secret: t.appSecret },
        body,
      })

    expectAllowed(
      await asServer({ method: 'personal_sign', params: { message: 'from the app', encoding: 'utf-8' } }),
    )
    expectDenied(
      await asServer({ method: 'eth_signTransaction', params: { transaction: transaction({ to: BOB }) } }),
      'Delegated signer: No rule of policy "signer scope" allows eth_signTransaction with these parameters',
    )
    // The user's own session is bound by the wallet's policies only.
    expectAllowed(await signTransaction({ to: BOB }))

    // The wallet's policies bind the signer too.
    await useRules([rule('no messages', 'personal_sign', 'DENY'), rule('everything', '*', 'ALLOW')])
    expectDenied(
      await asServer({ method: 'personal_sign', params: { message: 'again', encoding: 'utf-8' } }),
      'Denied by rule "no messages" of policy "test policy"',
    )
    await signedCall(t, 'POST', '/api/v1/wallets/revoke', { key: user.key, token: user.token, body: {} })
  })

  it('the app cannot change the rules a user consented to for a delegated signer', async () => {
    const server = createP256Key()
    const scope = [rule('messages only', 'personal_sign', 'ALLOW')]
    const signerPolicy = await createPolicy(scope, 'consented scope')
    const consent = await signedCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}`, {
      key: user.key,
      token: user.token,
      body: { additional_signers: [{ signer_public_key: server.publicJwk, policy_ids: [signerPolicy] }] },
    })
    expect(consent.statusCode, consent.body).toBe(200)

    const loosened = await asApp('PATCH', `/api/v1/policies/${signerPolicy}`, {
      rules: [rule('everything', '*', 'ALLOW')],
    })
    expectAnswer(loosened, 400, {
      code: 'invalid_data',
      error:
        'The rules of a policy that users consented to for a delegated signer cannot change; create a new policy and ask for consent to it',
    })
    expect((await asApp('GET', `/api/v1/policies/${signerPolicy}`)).json().rules).toEqual(scope)
    // Renaming, or sending the same rules again, changes nothing the user agreed to.
    expect((await asApp('PATCH', `/api/v1/policies/${signerPolicy}`, { name: 'renamed' })).statusCode).toBe(
      200,
    )
    expect((await asApp('PATCH', `/api/v1/policies/${signerPolicy}`, { rules: scope })).statusCode).toBe(200)

    // Once the user revokes the signer, the policy is the app's to change again.
    await signedCall(t, 'POST', '/api/v1/wallets/revoke', { key: user.key, token: user.token, body: {} })
    const changed = await asApp('PATCH', `/api/v1/policies/${signerPolicy}`, {
      rules: [rule('everything', '*', 'ALLOW')],
    })
    expect(changed.statusCode).toBe(200)
  })
})

describe('policy management', () => {
  it('the app backend creates, reads, changes and deletes its policies', async () => {
    const rules = [
      rule('cap', 'eth_sendTransaction', 'DENY', cond('ethereum_transaction', 'value', 'gt', '1000')),
    ]
    const created = await asApp('POST', '/api/v1/policies', { name: 'caps', chain_type: 'ethereum', rules })
    expect(created.json()).toMatchObject({ name: 'caps', chain_type: 'ethereum', owner_id: null, rules })
    const id = created.json().id
    expect((await asApp('GET', `/api/v1/policies/${id}`)).json()).toEqual(created.json())
    const renamed = await asApp('PATCH', `/api/v1/policies/${id}`, { name: 'limits' })
    expect(renamed.json()).toMatchObject({ id, name: 'limits', rules })
    expect((await asApp('GET', '/api/v1/policies')).json().data.map((p: { id: string }) => p.id)).toContain(
      id,
    )
    expect((await asApp('DELETE', `/api/v1/policies/${id}`)).json()).toEqual({ id, deleted: true })
    const gone = await asApp('GET', `/api/v1/policies/${id}`)
    expect(gone.json()).toEqual({ code: 'not_found', error: 'Policy not found' })
  })

  it('refuses rules that could never apply, saying why', async () => {
    const response = await asApp('POST', '/api/v1/policies', {
      name: 'bad',
      chain_type: 'ethereum',
      rules: [rule('r', 'personal_sign', 'DENY', cond('ethereum_transaction', 'to', 'eq', BOB))],
    })
    expectAnswer(response, 400, {
      code: 'invalid_data',
      error:
        'Rule "r", condition ethereum_transaction.to: personal_sign requests carry no ethereum_transaction fields',
    })
    const badOperator = await asApp('POST', '/api/v1/policies', {
      name: 'bad',
      chain_type: 'ethereum',
      rules: [rule('r', '*', 'DENY', cond('ethereum_transaction', 'to', 'like', BOB))],
    })
    expect(badOperator.json().code).toBe('invalid_data')
  })

  it('a policy in use cannot be deleted', async () => {
    const id = await createPolicy([rule('everything', '*', 'ALLOW')], 'in use')
    await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [id] })
    const response = await asApp('DELETE', `/api/v1/policies/${id}`)
    expect(response.json()).toEqual({
      code: 'invalid_data',
      error: 'The policy is in use by 1 wallet or delegated signer; detach it first',
    })
    await clearPolicies()
    expect((await asApp('DELETE', `/api/v1/policies/${id}`)).statusCode).toBe(200)
  })

  it('a user makes their own policies; changing rules needs the session signature', async () => {
    const mine = await userCall(t, user, 'POST', '/api/v1/policies', {
      body: { name: 'mine', chain_type: 'ethereum', rules: [rule('everything', '*', 'ALLOW')] },
    })
    expect(mine.json()).toMatchObject({ owner_id: user.userId })
    const id = mine.json().id
    const tighter = { rules: [rule('nothing', '*', 'DENY')] }

    const unsigned = await t.call('PATCH', `/api/v1/policies/${id}`, { token: user.token, body: tighter })
    expect(unsigned.json()).toEqual({
      code: 'invalid_authorization_signature',
      error: 'Missing or invalid authorization signature',
    })
    const signed = await signedCall(t, 'PATCH', `/api/v1/policies/${id}`, {
      key: user.key,
      token: user.token,
      body: tighter,
    })
    expect(signed.json()).toMatchObject({ id, rules: tighter.rules })

    // Another user of the app neither sees nor changes it; the app's backend sees it but cannot change it.
    const other = await signInWithKey(t, 'policies-other@example.com')
    expect((await t.call('GET', `/api/v1/policies/${id}`, { token: other.token })).json().code).toBe(
      'not_found',
    )
    expect((await asApp('GET', `/api/v1/policies/${id}`)).statusCode).toBe(200)
    expect((await asApp('PATCH', `/api/v1/policies/${id}`, { name: 'x' })).json().code).toBe('not_found')
  })

  it('the user sets their wallet policies with a signed request; unsigned is refused', async () => {
    const id = await createPolicy([rule('everything', '*', 'ALLOW')], 'app policy')
    const path = `/api/v1/wallets/${wallet.id}/policies`
    const unsigned = await t.call('PATCH', path, { token: user.token, body: { policy_ids: [] } })
    expect(unsigned.json().code).toBe('invalid_authorization_signature')
    const signed = await signedCall(t, 'PATCH', path, {
      key: user.key,
      token: user.token,
      body: { policy_ids: [id] },
    })
    expect(signed.json()).toMatchObject({ id: wallet.id, policy_ids: [id] })
    const listed = await t.call('GET', `/api/v1/wallets/${wallet.id}`, { token: user.token })
    expect(listed.json().policy_ids).toEqual([id])
    await clearPolicies()
  })

  it("refuses another user's wallet, another app's policy and a policy of the other chain type", async () => {
    const path = `/api/v1/wallets/${wallet.id}/policies`
    const other = await signInWithKey(t, 'policies-intruder@example.com')
    const intruder = await signedCall(t, 'PATCH', path, {
      key: other.key,
      token: other.token,
      body: { policy_ids: [] },
    })
    expect(intruder.json()).toEqual({ code: 'embedded_wallet_not_found', error: 'Embedded wallet not found' })

    const otherApp = await t.createApp({ name: 'Other' })
    const foreign = await t.call('POST', '/api/v1/policies', {
      origin: null,
      appId: otherApp.app.id,
      headers: basicAuth(otherApp.app.id, otherApp.secret),
      body: { name: 'foreign', chain_type: 'ethereum', rules: [] },
    })
    const foreignId = foreign.json().id
    expect((await asApp('PATCH', path, { policy_ids: [foreignId] })).json()).toEqual({
      code: 'invalid_data',
      error: `Unknown policy: ${foreignId}`,
    })
    expect((await asApp('GET', `/api/v1/policies/${foreignId}`)).json().code).toBe('not_found')

    const solana = await createPolicy([rule('messages', 'signMessage', 'ALLOW')], 'sol', 'solana')
    expect((await asApp('PATCH', path, { policy_ids: [solana] })).json()).toEqual({
      code: 'invalid_data',
      error: `Policy ${solana} is for solana wallets, not ethereum`,
    })
  })

  it('needs a caller: no token is must_be_authenticated, a wrong app secret invalid_app_credentials', async () => {
    const anonymous = await t.call('POST', '/api/v1/policies', {
      body: { name: 'x', chain_type: 'ethereum', rules: [] },
    })
    expect(anonymous.json().code).toBe('must_be_authenticated')
    const wrong = await t.call('POST', '/api/v1/policies', {
      origin: null,
      headers: basicAuth(t.app.id, 'sk_wrong'),
      body: { name: 'x', chain_type: 'ethereum', rules: [] },
    })
    expect(wrong.json().code).toBe('invalid_app_credentials')
  })
})
