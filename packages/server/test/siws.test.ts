import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/identity/apps/types'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { expectListedInOpenApi } from './support/expectListedInOpenApi'
import { createP256Key, userCall } from './walletRequests'

const DOMAIN = new URL(ORIGIN).host

let t: TestServer
let app: App
beforeAll(async () => {
  t = await startTestServer()
  app = (await t.createApp({ loginMethods: ['email', 'siws'] })).app
})
afterAll(() => t.close())

/** A real ed25519 keypair, as a Solana wallet holds it. */
function keypair() {
  const secretKey = ed25519.utils.randomPrivateKey()
  const address = base58.encode(ed25519.getPublicKey(secretKey))
  return {
    address,
    /** What `signMessage` returns: the signature over the message's UTF-8 bytes. */
    sign: (message: string) => ed25519.sign(new TextEncoder().encode(message), secretKey),
  }
}

type Fields = {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  resources?: string[]
}

/** The SIWS text exactly as Phantom's `createSignInMessageText` writes it. */
function siwsMessage(f: Fields): string {
  let message = `${f.domain ?? DOMAIN} wants you to sign in with your Solana account:\n${f.address}`
  if (f.statement) message += `\n\n${f.statement}`
  const fields: string[] = []
  if (f.uri ?? ORIGIN) fields.push(`URI: ${f.uri ?? ORIGIN}`)
  fields.push('Version: 1')
  fields.push(`Chain ID: ${f.chainId ?? 'mainnet'}`)
  if (f.nonce) fields.push(`Nonce: ${f.nonce}`)
  fields.push(`Issued At: ${f.issuedAt ?? new Date(t.clock.now).toISOString()}`)
  if (f.expirationTime) fields.push(`Expiration Time: ${f.expirationTime}`)
  if (f.notBefore) fields.push(`Not Before: ${f.notBefore}`)
  if (f.resources) fields.push('Resources:', ...f.resources.map((r) => `- ${r}`))
  return `${message}\n\n${fields.join('\n')}`
}

async function nonceFor(address: string): Promise<string> {
  const r = await t.call('POST', '/api/v1/siws/init', { appId: app.id, body: { address } })
  expect(r.statusCode).toBe(200)
  return r.json().nonce
}

const authenticate = (body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/siws/authenticate', {
    appId: app.id,
    body: { wallet_client_type: 'phantom', ...body },
  })

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

async function signIn(wallet: ReturnType<typeof keypair>, fields: Fields = {}, encode = b64) {
  const message = siwsMessage({
    address: wallet.address,
    nonce: await nonceFor(wallet.address),
    statement: 'Sign in to Test App',
    ...fields,
  })
  return authenticate({ message, signature: encode(wallet.sign(message)) })
}

describe('SIWS sign-in', () => {
  it('init answers a nonce bound to the address, valid 10 minutes', async () => {
    const wallet = keypair()
    const r = await t.call('POST', '/api/v1/siws/init', { appId: app.id, body: { address: wallet.address } })
    expect(r.json()).toMatchObject({
      address: wallet.address,
      nonce: expect.stringMatching(/^[a-f0-9]{32}$/),
    })
    expect(Date.parse(r.json().expires_at) - t.clock.now).toBe(10 * 60 * 1000)
  })

  it('signs a real ed25519 keypair up (base64 signature), then in again (base58 signature)', async () => {
    const wallet = keypair()
    const first = await signIn(wallet)
    expect(first.statusCode).toBe(200)
    expect(first.json().is_new_user).toBe(true)
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'solana',
        wallet_client_type: 'phantom',
      }),
    ])
    const again = await signIn(wallet, {}, base58.encode)
    expect(again.statusCode).toBe(200)
    expect(again.json().user.id).toBe(first.json().user.id)
  })

  it('accepts a message without a statement, and with resources', async () => {
    const wallet = keypair()
    const message = siwsMessage({
      address: wallet.address,
      nonce: await nonceFor(wallet.address),
      resources: ['https://example.com/tos'],
    })
    expect((await authenticate({ message, signature: b64(wallet.sign(message)) })).statusCode).toBe(200)
  })

  it('refuses an address that is not a 32-byte base58 key', async () => {
    const r = await t.call('POST', '/api/v1/siws/init', {
      appId: app.id,
      body: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    })
    expect(r.json().code).toBe('invalid_data')
  })

  it('refuses a message for another domain, or with a URI elsewhere: invalid_data', async () => {
    expect((await signIn(keypair(), { domain: 'evil.example' })).json()).toEqual({
      error: "The message's domain is not one of the app's allowed origins",
      code: 'invalid_data',
    })
    expect((await signIn(keypair(), { uri: 'https://evil.example' })).json().code).toBe('invalid_data')
  })

  it('refuses an expired message and one not valid yet', async () => {
    const expired = await signIn(keypair(), { expirationTime: new Date(t.clock.now - 1000).toISOString() })
    expect(expired.json()).toEqual({ error: 'The message has expired', code: 'invalid_data' })
    const early = await signIn(keypair(), { notBefore: new Date(t.clock.now + 60_000).toISOString() })
    expect(early.json()).toEqual({ error: 'The message is not valid yet', code: 'invalid_data' })
  })

  it('refuses a nonce used twice, too old, or issued for another address: nonce_expired_or_used', async () => {
    const wallet = keypair()
    const message = siwsMessage({ address: wallet.address, nonce: await nonceFor(wallet.address) })
    const signature = b64(wallet.sign(message))
    expect((await authenticate({ message, signature })).statusCode).toBe(200)
    const replay = await authenticate({ message, signature })
    expectAnswer(replay, 401, {
      error: 'The sign-in nonce has expired or was already used',
      code: 'nonce_expired_or_used',
    })

    const nonce = await nonceFor(wallet.address)
    t.clock.advance(10 * 60 * 1000 + 1)
    const late = siwsMessage({ address: wallet.address, nonce })
    expect((await authenticate({ message: late, signature: b64(wallet.sign(late)) })).json().code).toBe(
      'nonce_expired_or_used',
    )

    const other = keypair()
    const stolen = siwsMessage({ address: wallet.address, nonce: await nonceFor(other.address) })
    expect((await authenticate({ message: stolen, signature: b64(wallet.sign(stolen)) })).json().code).toBe(
      'nonce_expired_or_used',
    )
  })

  it('a SIWE nonce is no use in a SIWS message', async () => {
    const { app: both } = await t.createApp({ loginMethods: ['siwe', 'siws'] })
    const siweNonce = (
      await t.call('POST', '/api/v1/siwe/init', {
        appId: both.id,
        body: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      })
    ).json().nonce
    const wallet = keypair()
    const message = siwsMessage({ address: wallet.address, nonce: siweNonce })
    const r = await t.call('POST', '/api/v1/siws/authenticate', {
      appId: both.id,
      body: { message, signature: b64(wallet.sign(message)) },
    })
    expect(r.json().code).toBe('nonce_expired_or_used')
  })

  it('refuses a signature by another key, over other text, or malformed: invalid_signature', async () => {
    const wallet = keypair()
    const message = siwsMessage({ address: wallet.address, nonce: await nonceFor(wallet.address) })
    const forged = await authenticate({ message, signature: b64(keypair().sign(message)) })
    expectAnswer(forged, 401, { error: 'The signature is not valid', code: 'invalid_signature' })
    // The nonce went with the failed try.
    expect((await authenticate({ message, signature: b64(wallet.sign(message)) })).json().code).toBe(
      'nonce_expired_or_used',
    )

    const message2 = siwsMessage({ address: wallet.address, nonce: await nonceFor(wallet.address) })
    expect(
      (await authenticate({ message: message2, signature: b64(wallet.sign(`${message2}.`)) })).json().code,
    ).toBe('invalid_signature')
    const message3 = siwsMessage({ address: wallet.address, nonce: await nonceFor(wallet.address) })
    expect((await authenticate({ message: message3, signature: 'A'.repeat(86) })).json().code).toBe(
      'invalid_signature',
    )
  })

  it('refuses text that is not one whole SIWS message', async () => {
    const wallet = keypair()
    const message = `${siwsMessage({ address: wallet.address, nonce: await nonceFor(wallet.address) })}\nExtra line`
    const r = await authenticate({ message, signature: b64(wallet.sign(message)) })
    expect(r.json()).toEqual({
      error: 'The message is not a Sign In With Solana message',
      code: 'invalid_data',
    })
  })

  it('refuses when the app has SIWS off: disallowed_login_method', async () => {
    const r = await t.call('POST', '/api/v1/siws/init', { body: { address: keypair().address } })
    expect(r.statusCode).toBe(403)
    expect(r.json().code).toBe('disallowed_login_method')
  })
})

describe('SIWS linking', () => {
  async function linkBody(wallet: ReturnType<typeof keypair>) {
    const message = siwsMessage({ address: wallet.address, nonce: await nonceFor(wallet.address) })
    return { message, signature: b64(wallet.sign(message)) }
  }

  it('links a Solana wallet to a user who signed in by email, and unlinks it', async () => {
    const login = await t.loginWithEmail('siws-link@example.com', { appId: app.id })
    const wallet = keypair()
    const r = await userCall(t, login, 'POST', '/api/v1/siws/link', {
      appId: app.id,
      body: await linkBody(wallet),
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: wallet.address, chain_type: 'solana' }),
    )
    const unlink = await userCall(t, login, 'POST', '/api/v1/siws/unlink', {
      appId: app.id,
      body: { address: wallet.address },
    })
    expect(unlink.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it('refuses a wallet of another user, and never unlinks the last way in', async () => {
    const wallet = keypair()
    const key = createP256Key()
    const message = siwsMessage({
      address: wallet.address,
      nonce: await nonceFor(wallet.address),
      statement: 'Sign in to Test App',
    })
    const signedIn = await authenticate({
      message,
      signature: b64(wallet.sign(message)),
      session_public_key: key.publicJwk,
    })
    const owner = { ...signedIn.json(), key }
    const login = await t.loginWithEmail('siws-taken@example.com', { appId: app.id })
    const r = await userCall(t, login, 'POST', '/api/v1/siws/link', {
      appId: app.id,
      body: await linkBody(wallet),
    })
    expect(r.json().code).toBe('linked_to_another_user')
    const last = await userCall(t, owner, 'POST', '/api/v1/siws/unlink', {
      appId: app.id,
      body: { address: wallet.address },
    })
    expect(last.json().code).toBe('cannot_unlink_last_account')
  })

  it('is listed in the OpenAPI document', async () => {
    await expectListedInOpenApi(
      t,
      ['init', 'authenticate', 'link', 'unlink'].map((path) => `/api/v1/siws/${path}`),
    )
  })
})
