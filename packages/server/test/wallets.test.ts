import {
  getAddress,
  type Hex,
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  type SignableMessage,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../src/platform/http/rateLimit'
import { startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import {
  basicAuth,
  createP256Key,
  enrollTotp,
  PUBLIC_URL,
  type SignedInUser,
  signInWithKey,
  userCall,
  verifyTotp,
} from './walletRequests'
import { refusal, type WalletCallOptions, walletCall } from './wallets-harness'

let t: TestServer
let alice: SignedInUser
let bob: SignedInUser
let wallet: { id: string; address: `0x${string}` }

beforeAll(async () => {
  t = await startTestServer({ env: { SATCHEL_PUBLIC_URL: PUBLIC_URL } })
  alice = await signInWithKey(t, 'alice-wallets@example.com')
  bob = await signInWithKey(t, 'bob-wallets@example.com')
  const response = await t.call('POST', '/api/v1/wallets', {
    token: alice.token,
    body: { chain_type: 'ethereum' },
  })
  wallet = response.json()
})
afterAll(() => t.close())

const rpc = (body: unknown, options: Partial<WalletCallOptions> = {}, walletId = wallet.id) =>
  walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
    key: alice.key,
    token: alice.token,
    body,
    ...options,
  })

// Whether the answer of a personal_sign carries the wallet's signature of `message`, as viem checks it.
const isSignedByWallet = (message: SignableMessage, answer: { json(): { data: { signature: Hex } } }) =>
  verifyMessage({ address: wallet.address, message, signature: answer.json().data.signature })

const personalSign = (message = 'hello satchel') => ({
  method: 'personal_sign',
  params: { message, encoding: 'utf-8' },
})

describe('POST /api/v1/wallets', () => {
  it('creates the primary wallet once and answers the same wallet afterwards', async () => {
    const carol = await signInWithKey(t, 'carol-wallets@example.com')
    const first = await t.call('POST', '/api/v1/wallets', {
      token: carol.token,
      body: { chain_type: 'ethereum' },
    })
    expect(first.statusCode).toBe(201)
    const created = first.json()
    expect(created).toMatchObject({
      chain_type: 'ethereum',
      owner_id: carol.userId,
      policy_ids: [],
      additional_signers: [],
    })
    expect(created.id).toMatch(/^wallet_/)
    expect(created.address).toBe(getAddress(created.address))
    expect(created.created_at).toBeGreaterThan(1_600_000_000_000)

    const again = await t.call('POST', '/api/v1/wallets', {
      token: carol.token,
      body: { chain_type: 'ethereum' },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(created)
  })

  it('answers one wallet when first calls race', async () => {
    const dave = await signInWithKey(t, 'dave-wallets@example.com')
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', '/api/v1/wallets', { token: dave.token, body: { chain_type: 'solana' } }),
      ),
    )
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1)
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1)
  })

  it('derives additional wallets on request and lists them all', async () => {
    const erin = await signInWithKey(t, 'erin-wallets@example.com')
    const create = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.call('POST', '/api/v1/wallets', { token: erin.token, body, headers })
    const primary = (await create({ chain_type: 'ethereum' })).json()
    const solana = (await create({ chain_type: 'solana' })).json()
    expect(solana.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const second = await create({ chain_type: 'ethereum', create_additional: true })
    expect(second.statusCode).toBe(201)
    expect(second.json().address).not.toBe(primary.address)

    // A retried "additional" request with the same idempotency key does not derive a third wallet.
    const keyed = { 'satchel-idempotency-key': 'erin-third' }
    const third = await create({ chain_type: 'ethereum', create_additional: true }, keyed)
    const retried = await create({ chain_type: 'ethereum', create_additional: true }, keyed)
    expect(retried.json().id).toBe(third.json().id)

    const list = await t.call('GET', '/api/v1/wallets', { token: erin.token })
    expect(list.statusCode).toBe(200)
    const wallets: Array<{ id: string; chain_type: string }> = list.json().data
    expect(wallets.map((w) => w.id).sort()).toEqual(
      [primary.id, solana.id, second.json().id, third.json().id].sort(),
    )
  })

  it('refuses a strict first-wallet request when the primary wallet exists', async () => {
    const response = await t.call('POST', '/api/v1/wallets', {
      token: alice.token,
      body: { chain_type: 'ethereum', strict: true },
    })
    expect(refusal(response)).toMatchObject({ status: 409, code: 'embedded_wallet_already_exists' })
  })

  it("lets the app's backend pregenerate a wallet for one of its users, and only its own", async () => {
    const frank = await signInWithKey(t, 'frank-wallets@example.com')
    const response = await t.call('POST', '/api/v1/wallets', {
      origin: null,
      headers: basicAuth(t.app.id, t.appSecret),
      body: { chain_type: 'ethereum', user_id: frank.userId },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().owner_id).toBe(frank.userId)
    const mine = await t.call('GET', '/api/v1/wallets', { token: frank.token })
    expect(mine.json().data.map((w: { id: string }) => w.id)).toEqual([response.json().id])

    const other = await t.createApp({ name: 'Other app' })
    const foreign = await t.call('POST', '/api/v1/wallets', {
      appId: other.app.id,
      origin: null,
      headers: basicAuth(other.app.id, other.secret),
      body: { chain_type: 'ethereum', user_id: frank.userId },
    })
    expect(refusal(foreign)).toMatchObject({ status: 404, code: 'user_does_not_exist' })
    const noUser = await t.call('POST', '/api/v1/wallets', {
      origin: null,
      headers: basicAuth(t.app.id, t.appSecret),
      body: { chain_type: 'ethereum' },
    })
    expect(refusal(noUser)).toMatchObject({ status: 400, code: 'invalid_data' })
  })

  it('requires a signed-in user', async () => {
    const response = await t.call('POST', '/api/v1/wallets', { body: { chain_type: 'ethereum' } })
    expect(refusal(response)).toMatchObject({ status: 401, code: 'must_be_authenticated' })
  })

  it("answers another user's wallet as not found", async () => {
    const response = await t.call('GET', `/api/v1/wallets/${wallet.id}`, { token: bob.token })
    expect(refusal(response)).toMatchObject({ status: 404, code: 'embedded_wallet_not_found' })
    const own = await t.call('GET', `/api/v1/wallets/${wallet.id}`, { token: alice.token })
    expect(own.json().id).toBe(wallet.id)
  })

  it('stores no key material the database alone could open', async () => {
    const rows = await t.database.db.query<{ sealed_vault_share: Uint8Array; sealed_auth_share: Uint8Array }>(
      'select sealed_vault_share, sealed_auth_share from key_roots where user_id = $1',
      [alice.userId],
    )
    expect(rows).toHaveLength(1)
    // Both shares are AES-256-GCM blobs (version 2 | key id | iv | tag | ciphertext), never a bare
    // share, each naming a different key (the vault's KEK, the API's encryption key).
    for (const sealed of [rows[0]?.sealed_vault_share, rows[0]?.sealed_auth_share]) {
      expect(sealed?.[0]).toBe(2)
      expect(sealed?.length).toBe(1 + 4 + 12 + 16 + 33)
    }
    const keyIds = [rows[0]?.sealed_vault_share, rows[0]?.sealed_auth_share].map((b) =>
      Buffer.from(b?.subarray(1, 5) ?? []).toString('hex'),
    )
    expect(keyIds[0]).not.toBe(keyIds[1])
  })
})

describe('authorization of wallet requests', () => {
  it('signs with a valid signature (raw r||s or DER)', async () => {
    expect((await rpc(personalSign())).statusCode).toBe(200)
    expect((await rpc(personalSign(), { encoding: 'der' })).statusCode).toBe(200)
  })

  it('refuses a request without a signature', async () => {
    expect(refusal(await rpc(personalSign(), { unsigned: true }))).toMatchObject({
      status: 401,
      code: 'invalid_authorization_signature',
    })
  })

  it('refuses a signature by another key than the session key', async () => {
    expect(refusal(await rpc(personalSign(), { key: createP256Key() }))).toMatchObject({
      status: 401,
      code: 'invalid_authorization_signature',
    })
  })

  it('refuses a session that registered no key (a stolen access token alone cannot sign)', async () => {
    const login = await t.loginWithEmail('keyless-wallets@example.com')
    const created = await t.call('POST', '/api/v1/wallets', {
      token: login.token,
      body: { chain_type: 'ethereum' },
    })
    const response = await rpc(personalSign(), { token: login.token }, created.json().id)
    expect(refusal(response)).toMatchObject({ status: 401, code: 'invalid_authorization_signature' })
  })

  it('refuses a body changed after signing', async () => {
    const response = await rpc(personalSign('send 1 ETH'), { signedBody: personalSign('send 0 ETH') })
    expect(refusal(response)).toMatchObject({ status: 401, code: 'invalid_authorization_signature' })
  })

  it('refuses a signature made for another wallet URL', async () => {
    const second = await t.call('POST', '/api/v1/wallets', {
      token: alice.token,
      body: { chain_type: 'ethereum', create_additional: true },
    })
    const response = await rpc(personalSign(), { signedPath: `/api/v1/wallets/${second.json().id}/rpc` })
    expect(refusal(response)).toMatchObject({ status: 401, code: 'invalid_authorization_signature' })
  })

  it('refuses expired, far-future and missing expiries', async () => {
    const past = await rpc(personalSign(), { expiry: String(t.clock.now - 1) })
    expect(refusal(past)).toMatchObject({ status: 401, code: 'request_expired' })
    const far = await rpc(personalSign(), { expiry: String(t.clock.now + 11 * 60_000) })
    expect(refusal(far)).toMatchObject({ status: 401, code: 'request_expired' })
    const missing = await rpc(personalSign(), { expiry: null })
    expect(refusal(missing)).toMatchObject({ status: 401, code: 'request_expired' })

    // A request signed now and delivered after its expiry is refused.
    const expiry = String(t.clock.now + 30_000)
    t.clock.advance(31_000)
    expect(refusal(await rpc(personalSign(), { expiry }))).toMatchObject({ code: 'request_expired' })
  })

  it('refuses the same signed request twice, even re-encoded', async () => {
    const expiry = String(t.clock.now + 45_000)
    const body = personalSign('only once')
    expect((await rpc(body, { expiry })).statusCode).toBe(200)
    expect(refusal(await rpc(body, { expiry }))).toMatchObject({ status: 409, code: 'replayed_request' })
    expect(refusal(await rpc(body, { expiry, encoding: 'der' }))).toMatchObject({ code: 'replayed_request' })
  })

  it('limits the signed requests one wallet takes a minute, whoever sends them', async () => {
    const busy = await t.call('POST', '/api/v1/wallets', {
      token: alice.token,
      body: { chain_type: 'ethereum', create_additional: true },
    })
    const busyId: string = busy.json().id
    // The wallet has had its minute's worth already (counted in the shared store, as every instance sees it).
    const { limit, windowSeconds } = rateLimits.walletRequestsPerWallet
    await Promise.all(
      Array.from({ length: limit }, () =>
        t.server.satchel.kv.increment(`rl:wallet:${busyId}`, windowSeconds),
      ),
    )
    expect(refusal(await rpc(personalSign(), {}, busyId))).toMatchObject({
      status: 429,
      code: 'too_many_requests',
    })
    // Another wallet of the same user is not held back.
    expect((await rpc(personalSign())).statusCode).toBe(200)
  })

  it("refuses another user's wallet even with that user's own valid signature", async () => {
    const response = await rpc(personalSign(), { key: bob.key, token: bob.token })
    expect(refusal(response)).toMatchObject({ status: 404, code: 'embedded_wallet_not_found' })
  })

  it('refuses unknown methods, methods of the other chain type and malformed params', async () => {
    expect(refusal(await rpc({ method: 'eth_sign', params: {} }))).toMatchObject({
      status: 400,
      code: 'unsupported_method',
    })
    expect(refusal(await rpc({ method: 'signMessage', params: { message: 'aGk=' } }))).toMatchObject({
      code: 'unsupported_method',
    })
    expect(refusal(await rpc({ method: 'personal_sign', params: { encoding: 'utf-8' } }))).toMatchObject({
      status: 400,
      code: 'invalid_data',
    })
  })

  it('checks the signature before the body: a bad body with no signature is a signature refusal', async () => {
    const response = await rpc({ method: 'personal_sign', params: 42 }, { unsigned: true })
    expect(refusal(response)).toMatchObject({ code: 'invalid_authorization_signature' })
  })
})

describe('EVM signing', () => {
  it('personal_sign verifies with viem, utf-8 and hex', async () => {
    const text = await rpc(personalSign('Sign in to Satchel'))
    expect(text.json()).toMatchObject({ method: 'personal_sign', data: { encoding: 'hex' } })
    expect(await isSignedByWallet('Sign in to Satchel', text)).toBe(true)

    const raw = toHex(new Uint8Array([0, 1, 2, 255]))
    const hex = await rpc({ method: 'personal_sign', params: { message: raw, encoding: 'hex' } })
    expect(await isSignedByWallet({ raw }, hex)).toBe(true)
  })

  it('eth_signTypedData_v4 verifies with viem (primaryType or primary_type)', async () => {
    const typedData = {
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    } as const
    for (const key of ['primaryType', 'primary_type']) {
      const response = await rpc({
        method: 'eth_signTypedData_v4',
        params: { typed_data: { ...typedData, [key]: 'Mail' } },
      })
      expect(response.statusCode, response.body).toBe(200)
      const valid = await verifyTypedData({
        ...typedData,
        primaryType: 'Mail',
        address: wallet.address,
        signature: response.json().data.signature,
      })
      expect(valid).toBe(true)
    }
  })

  it('secp256k1_sign signs the raw hash', async () => {
    const hash = keccak256(toHex('raw digest'))
    const response = await rpc({ method: 'secp256k1_sign', params: { hash } })
    expect(await recoverAddress({ hash, signature: response.json().data.signature })).toBe(wallet.address)
  })

  it('eth_signTransaction signs a complete transaction the sender recovers from', async () => {
    const transaction = {
      chainId: 8453,
      to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      value: '0xde0b6b3a7640000',
      nonce: 3,
      gas: 21000,
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x3b9aca00',
    }
    const response = await rpc({ method: 'eth_signTransaction', params: { transaction } })
    expect(response.json()).toMatchObject({ method: 'eth_signTransaction', data: { encoding: 'rlp' } })
    const signed = response.json().data.signed_transaction
    expect(parseTransaction(signed)).toMatchObject({
      chainId: 8453,
      nonce: 3,
      value: 10n ** 18n,
      type: 'eip1559',
    })
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).toBe(wallet.address)

    // The API's snake_case fields are the same transaction.
    const snake = await rpc({
      method: 'eth_signTransaction',
      params: {
        transaction: {
          chain_id: 8453,
          to: transaction.to,
          value: transaction.value,
          nonce: 3,
          gas_limit: 21000,
          max_fee_per_gas: transaction.maxFeePerGas,
          max_priority_fee_per_gas: transaction.maxPriorityFeePerGas,
        },
      },
    })
    expect(snake.json().data.signed_transaction).toBe(signed)
  })

  it("refuses blob and set-code transactions with 'Unsupported transaction type'", async () => {
    const base = { chainId: 1, to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', nonce: 0, gas: 21000 }
    for (const extra of [
      { type: 3 },
      { type: '0x4' },
      { authorizationList: [] },
      { max_fee_per_blob_gas: '0x1' },
    ]) {
      const response = await rpc({
        method: 'eth_signTransaction',
        params: { transaction: { ...base, ...extra } },
      })
      expect(refusal(response)).toEqual({
        status: 400,
        code: 'invalid_data',
        error: 'Unsupported transaction type',
      })
    }
  })

  it('refuses a transaction from another address, and a chain the server has no RPC for', async () => {
    const other = await rpc({
      method: 'eth_signTransaction',
      params: {
        transaction: { from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chainId: 1, nonce: 0, gas: 21000 },
      },
    })
    expect(refusal(other)).toMatchObject({
      code: 'invalid_data',
      error: 'from is not the address of this wallet',
    })
    const unknown = await rpc({
      method: 'eth_signTransaction',
      params: { transaction: { chainId: 987654321 } },
    })
    expect(refusal(unknown)).toMatchObject({ status: 400, code: 'unsupported_chain_id' })
  })
})

describe('delegated signers', () => {
  const server = () => ({ appId: t.app.id, secret: t.appSecret })

  it('lets an app server sign after the user consents, and not after revoke', async () => {
    const serverKey = createP256Key()
    const asServer = (message: string) =>
      walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
        key: serverKey,
        basic: server(),
        body: personalSign(message),
      })

    expect(refusal(await asServer('before consent'))).toMatchObject({
      code: 'invalid_authorization_signature',
    })

    const patch = await walletCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}`, {
      key: alice.key,
      token: alice.token,
      body: { additional_signers: [{ signer_public_key: serverKey.publicJwk }] },
    })
    expect(patch.statusCode, patch.body).toBe(200)
    expect(patch.json().additional_signers).toEqual([
      {
        signer_id: expect.stringMatching(/^signer_/),
        signer_public_key: serverKey.publicJwk,
        policy_ids: [],
      },
    ])

    const signed = await asServer('delegated')
    expect(signed.statusCode, signed.body).toBe(200)
    expect(await isSignedByWallet('delegated', signed)).toBe(true)

    // Another key, even with the app's secret, is not the delegated signer.
    const stranger = await walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
      key: createP256Key(),
      basic: server(),
      body: personalSign(),
    })
    expect(refusal(stranger)).toMatchObject({ code: 'invalid_authorization_signature' })

    const revoke = await userCall(t, alice, 'POST', '/api/v1/wallets/revoke', { body: {} })
    expectAnswer(revoke, 200, { message: 'Revoked 1 delegated signer' })
    expect(refusal(await asServer('after revoke'))).toMatchObject({ code: 'invalid_authorization_signature' })
    const after = await t.call('GET', `/api/v1/wallets/${wallet.id}`, { token: alice.token })
    expect(after.json().additional_signers).toEqual([])
  })

  it("refuses another app's secret as if the wallet did not exist", async () => {
    const other = await t.createApp({ name: 'Another app' })
    const response = await walletCall(t, 'POST', `/api/v1/wallets/${wallet.id}/rpc`, {
      key: createP256Key(),
      basic: { appId: other.app.id, secret: other.secret },
      body: personalSign(),
    })
    expect(refusal(response)).toMatchObject({ status: 404, code: 'embedded_wallet_not_found' })
  })

  it('needs the signature of the user to add a signer, and refuses unknown policies', async () => {
    const body = { additional_signers: [{ signer_public_key: createP256Key().publicJwk }] }
    const unsigned = await walletCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}`, {
      key: alice.key,
      token: alice.token,
      body,
      unsigned: true,
    })
    expect(refusal(unsigned)).toMatchObject({ code: 'invalid_authorization_signature' })
    const unknownPolicy = await walletCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}`, {
      key: alice.key,
      token: alice.token,
      body: {
        additional_signers: [{ signer_public_key: createP256Key().publicJwk, policy_ids: ['policy_nope'] }],
      },
    })
    expect(refusal(unknownPolicy)).toMatchObject({
      code: 'invalid_data',
      error: 'Unknown policy: policy_nope',
    })
  })
})

describe('recovery lock', () => {
  it('a root locked behind a recovery secret signs for nobody without an unlocked session', async () => {
    const user = await signInWithKey(t, 'locked-wallets@example.com')
    const created = await t.call('POST', '/api/v1/wallets', {
      token: user.token,
      body: { chain_type: 'ethereum' },
    })
    const walletId: string = created.json().id
    const serverKey = createP256Key()
    const consent = await walletCall(t, 'PATCH', `/api/v1/wallets/${walletId}`, {
      key: user.key,
      token: user.token,
      body: { additional_signers: [{ signer_public_key: serverKey.publicJwk }] },
    })
    expect(consent.statusCode, consent.body).toBe(200)
    // What the recovery module does when the user sets a passcode: the API's copy of the share goes.
    await t.database.db.query('update key_roots set sealed_auth_share = null where user_id = $1', [
      user.userId,
    ])
    await t.server.satchel.wallets.forgetSigningWallets(user.userId)

    const asServer = await walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
      key: serverKey,
      basic: { appId: t.app.id, secret: t.appSecret },
      body: personalSign(),
    })
    expect(refusal(asServer)).toMatchObject({ status: 403, code: 'recovery_required' })
    const asUser = await walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
      key: user.key,
      token: user.token,
      body: personalSign(),
    })
    expect(refusal(asUser)).toMatchObject({ status: 403, code: 'recovery_required' })
  })
})

describe('MFA for signing', () => {
  it('requires a fresh MFA token when the app asks for it and the user has MFA', async () => {
    const user = await signInWithKey(t, 'mfa-wallets@example.com')
    const created = await t.call('POST', '/api/v1/wallets', {
      token: user.token,
      body: { chain_type: 'ethereum' },
    })
    const sign = (headers: Record<string, string> = {}) =>
      walletCall(t, 'POST', `/api/v1/wallets/${created.json().id}/rpc`, {
        key: user.key,
        token: user.token,
        body: personalSign(),
        headers,
      })
    await t.server.satchel.apps.updateApp(t.app.id, { settings: { requireMfaForSigning: true } })
    try {
      // Without a second factor enrolled there is nothing to ask for.
      expect((await sign()).statusCode).toBe(200)
      const secret = await enrollTotp(t, user)
      expect(refusal(await sign())).toMatchObject({ status: 403, code: 'missing_or_invalid_mfa' })
      const mfaToken = await verifyTotp(t, user.token, secret)
      const allowed = await sign({ 'satchel-mfa-token': mfaToken })
      expect(allowed.statusCode, allowed.body).toBe(200)
    } finally {
      await t.server.satchel.apps.updateApp(t.app.id, { settings: {} })
    }
  })
})

describe('audit log', () => {
  it('records each wallet request with its outcome and a result hash, never the message or signature', async () => {
    const response = await rpc(personalSign('secret plans for audit'))
    const signature: string = response.json().data.signature
    const rows = await t.database.db.query<{
      action: string
      outcome: string
      details: Record<string, unknown>
    }>(
      `select action, outcome, details from audit_log where user_id = $1 and action = 'wallet.rpc' order by id`,
      [alice.userId],
    )
    const last = rows.at(-1)
    expect(last).toMatchObject({
      action: 'wallet.rpc',
      outcome: 'success',
      details: {
        wallet_id: wallet.id,
        method: 'personal_sign',
        signer: 'session',
        result_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    })
    expect(
      rows.some((row) => row.outcome === 'denied' && row.details.code === 'invalid_authorization_signature'),
    ).toBe(true)
    const everything = JSON.stringify(rows)
    expect(everything).not.toContain('secret plans')
    expect(everything).not.toContain(signature.slice(2, 40))
  })
})
