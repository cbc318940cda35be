import { ApiError } from '@satchel/core'
import { getAddress, isHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, type TestStack } from '../../test/startServer'
import { FeatureNotAvailableError } from '../errors/errors'
import { createWallet } from './actions/createWallet'
import { exportWallet } from './actions/exportWallet'
import { getUser } from './actions/getUser'
import { getWallets } from './actions/getWallets'
import { loginAsGuest } from './actions/loginAsGuest'
import { loginWithEmail, sendEmailCode } from './actions/loginWithEmail'
import { loginWithPasskey } from './actions/loginWithPasskey'
import { loginWithSms, sendSmsCode } from './actions/loginWithSms'
import { loginWithWallet } from './actions/loginWithWallet'
import { signMessage } from './actions/signMessage'
import { createSatchelClient, type SatchelClient } from './createSatchelClient'
import { createMemorySessionKeyStore } from './session/sessionKeyStore'
import type { SatchelState } from './state/transition'
import { createMemoryStorage, type SatchelStorage } from './tokens/storage'

let stack: TestStack

beforeAll(async () => {
  stack = await startServer()
})
afterAll(async () => {
  await stack?.close()
})

function newClient(
  storage: SatchelStorage = createMemoryStorage(),
  options: Partial<Parameters<typeof createSatchelClient>[0]> = {},
) {
  return createSatchelClient({
    appId: stack.appId,
    serverUrl: stack.url,
    storage,
    sessionKeyStore: createMemorySessionKeyStore(),
    ...options,
  })
}

function record(client: SatchelClient): string[] {
  const seen: string[] = [client.getState().status]
  client.subscribe(() => {
    const state: SatchelState = client.getState()
    seen.push(state.status === 'authenticated' ? `authenticated/${state.wallets.status}` : state.status)
  })
  return seen
}

async function emailLogin(client: SatchelClient, email: string) {
  await sendEmailCode(client, { email })
  return loginWithEmail(client, { email, code: await stack.latestCode(email) })
}

describe('createSatchelClient against the real server', () => {
  it('goes loading -> unauthenticated -> authenticated with an email code, and knows the user', async () => {
    const client = newClient()
    const seen = record(client)
    await client.start()
    const { user, isNewUser } = await emailLogin(client, 'ada@example.com')
    expect(isNewUser).toBe(true)
    expect(user.linkedAccounts).toMatchObject([{ type: 'email', address: 'ada@example.com' }])
    expect(seen).toEqual(['loading', 'unauthenticated', 'authenticated/none'])
    expect((await getUser(client)).id).toBe(user.id)
    client.destroy()
  })

  it('logs in with a code sent by text message', async () => {
    const client = newClient()
    await client.start()
    await sendSmsCode(client, { phoneNumber: '+1 415 555 0100' })
    const { user } = await loginWithSms(client, {
      phoneNumber: '+1 415 555 0100',
      code: await stack.latestCode('+14155550100'),
    })
    expect(user.linkedAccounts).toMatchObject([{ type: 'phone', number: '+14155550100' }])
    expect(client.getState().status).toBe('authenticated')
    client.destroy()
  })

  it('answers a wrong code with the catalogued error, and stays signed out', async () => {
    const client = newClient()
    await client.start()
    await sendEmailCode(client, { email: 'wrong@example.com' })
    const failure = await loginWithEmail(client, { email: 'wrong@example.com', code: '000000' }).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ code: 'invalid_credentials', status: 401 })
    expect(client.getState().status).toBe('unauthenticated')
    client.destroy()
  })

  it('restores the session on the next page load from storage, when the app chose to store refresh tokens', async () => {
    const storage = createMemoryStorage()
    const sessionKeyStore = createMemorySessionKeyStore()
    const first = newClient(storage, { sessionKeyStore, refreshTokenStorage: 'storage' })
    await first.start()
    const { user } = await emailLogin(first, 'restore@example.com')
    first.destroy()
    const second = newClient(storage, { sessionKeyStore, refreshTokenStorage: 'storage' })
    const state = await second.start()
    expect(state).toMatchObject({ status: 'authenticated', user: { id: user.id } })
    second.destroy()
  })

  it('never stores a refresh token the server hands to the page by default: the session ends with the page', async () => {
    const storage = createMemoryStorage()
    const sessionKeyStore = createMemorySessionKeyStore()
    const first = newClient(storage, { sessionKeyStore })
    await first.start()
    await emailLogin(first, 'page-only@example.com')
    expect(await storage.getItem(`satchel:${stack.appId}:session`)).toBeNull()
    // This page keeps working, refreshing with the token it holds in memory.
    await first.refresh()
    expect((await getUser(first)).linkedAccounts[0]).toMatchObject({ address: 'page-only@example.com' })
    first.destroy()
    expect(await newClient(storage, { sessionKeyStore }).start()).toEqual({ status: 'unauthenticated' })
  })

  it('a session whose key this browser lost ends at the next load, saying why, and the server forgets it', async () => {
    const storage = createMemoryStorage()
    const first = newClient(storage, { refreshTokenStorage: 'storage' })
    await first.start()
    await emailLogin(first, 'lost-key@example.com')
    const stored = JSON.parse((await storage.getItem(`satchel:${stack.appId}:session`)) ?? '{}')
    first.destroy()
    // Site data cleared: the key store is empty (a fresh one), the stored tokens are not.
    const second = newClient(storage, { refreshTokenStorage: 'storage' })
    expect(await second.start()).toEqual({ status: 'unauthenticated', reason: 'session_key_lost' })
    expect(await storage.getItem(`satchel:${stack.appId}:session`)).toBeNull()
    const me = await fetch(`${stack.url}/api/v1/users/me`, {
      headers: { 'satchel-app-id': stack.appId, authorization: `Bearer ${stored.token}` },
    })
    expect(me.status).toBe(401)
  })

  it('rotates the refresh token, and the spent one no longer works', async () => {
    const storage = createMemoryStorage()
    const client = newClient(storage, { refreshTokenStorage: 'storage' })
    await client.start()
    await emailLogin(client, 'rotate@example.com')
    const before = await storage.getItem(`satchel:${stack.appId}:session`)
    await client.refresh()
    const after = await storage.getItem(`satchel:${stack.appId}:session`)
    expect(after).not.toBe(before)
    expect(client.getState().status).toBe('authenticated')
    const spent = JSON.parse(before ?? '{}').refreshToken
    const reuse = await fetch(`${stack.url}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'satchel-app-id': stack.appId, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: spent }),
    })
    expect(reuse.status).toBe(401)
    client.destroy()
  })

  it('lets two tabs refresh at once without spending a token twice', async () => {
    const storage = createMemoryStorage()
    const sessionKeyStore = createMemorySessionKeyStore()
    const tabA = newClient(storage, { sessionKeyStore, refreshTokenStorage: 'storage' })
    await tabA.start()
    await emailLogin(tabA, 'tabs@example.com')
    const tabB = newClient(storage, { sessionKeyStore, refreshTokenStorage: 'storage' })
    await tabB.start()
    await Promise.all([tabA.refresh(), tabB.refresh(), tabA.refresh()])
    // A reused refresh token would have revoked the session: both tabs still work.
    expect((await getUser(tabA)).linkedAccounts[0]).toMatchObject({ address: 'tabs@example.com' })
    expect((await getUser(tabB)).linkedAccounts[0]).toMatchObject({ address: 'tabs@example.com' })
    tabA.destroy()
    tabB.destroy()
  })

  it('logs out: signed out here, and the refresh token is dead on the server', async () => {
    const storage = createMemoryStorage()
    const client = newClient(storage, { refreshTokenStorage: 'storage' })
    await client.start()
    await emailLogin(client, 'bye@example.com')
    const session = JSON.parse((await storage.getItem(`satchel:${stack.appId}:session`)) ?? '{}')
    await client.logout()
    expect(client.getState().status).toBe('unauthenticated')
    expect(await storage.getItem(`satchel:${stack.appId}:session`)).toBeNull()
    const refresh = await fetch(`${stack.url}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'satchel-app-id': stack.appId, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refreshToken }),
    })
    expect(await refresh.json()).toEqual({
      error: 'Missing or invalid token',
      code: 'missing_or_invalid_token',
    })
  })

  it('keeps a guest on the same account on the same device', async () => {
    const storage = createMemoryStorage()
    const client = newClient(storage)
    await client.start()
    const first = await loginAsGuest(client)
    expect(first.user.isGuest).toBe(true)
    await client.logout()
    const again = await loginAsGuest(client)
    expect(again.user.id).toBe(first.user.id)
    expect(again.isNewUser).toBe(false)
    client.destroy()
  })

  it('creates a wallet at login when asked, then signs a message viem verifies', async () => {
    const client = newClient(createMemoryStorage(), { createWalletsOnLogin: 'users-without-wallets' })
    const seen = record(client)
    await client.start()
    await emailLogin(client, 'wallet@example.com')
    expect(seen).toEqual([
      'loading',
      'unauthenticated',
      'authenticated/none',
      'authenticated/creating',
      'authenticated/ready',
    ])
    const state = client.getState()
    if (state.status !== 'authenticated') throw new Error('not signed in')
    const [wallet] = state.wallets.wallets
    expect(wallet).toMatchObject({
      chainType: 'ethereum',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    })
    const signature = await signMessage(client, { message: 'Hello from Satchel' })
    expect(
      await verifyMessage({
        address: getAddress(wallet?.address ?? ''),
        message: 'Hello from Satchel',
        signature,
      }),
    ).toBe(true)
    client.destroy()
  })

  it('makes an Ethereum and a Solana wallet at login; an Ethereum-only user gets the Solana one on the next visit', async () => {
    const both = newClient(createMemoryStorage(), {
      createWalletsOnLogin: 'users-without-wallets',
      walletChainTypes: ['ethereum', 'solana'],
    })
    await both.start()
    await emailLogin(both, 'two-chains@example.com')
    const chainTypesOf = (client: SatchelClient) => {
      const state = client.getState()
      return state.status === 'authenticated' ? state.wallets.wallets.map((wallet) => wallet.chainType) : []
    }
    expect(chainTypesOf(both)).toEqual(['ethereum', 'solana'])
    both.destroy()

    // Signed up when the app made Ethereum wallets only; the app now asks for Solana too.
    const storage = createMemoryStorage()
    const sessionKeyStore = createMemorySessionKeyStore()
    const before = newClient(storage, {
      sessionKeyStore,
      refreshTokenStorage: 'storage',
      createWalletsOnLogin: 'users-without-wallets',
    })
    await before.start()
    await emailLogin(before, 'evm-only@example.com')
    expect(chainTypesOf(before)).toEqual(['ethereum'])
    before.destroy()
    const after = newClient(storage, {
      sessionKeyStore,
      refreshTokenStorage: 'storage',
      createWalletsOnLogin: 'users-without-wallets',
      walletChainTypes: ['ethereum', 'solana'],
    })
    await after.start()
    await vi.waitFor(() => expect(chainTypesOf(after)).toEqual(['ethereum', 'solana']))
    const solana = (await getWallets(after)).find((wallet) => wallet.chainType === 'solana')
    expect(solana?.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    after.destroy()
  })

  it('exports the private key, decrypted only here, and it is the wallet’s key', async () => {
    const client = newClient(createMemoryStorage(), { createWalletsOnLogin: 'users-without-wallets' })
    await client.start()
    await emailLogin(client, 'export@example.com')
    const state = client.getState()
    if (state.status !== 'authenticated') throw new Error('not signed in')
    const { secret } = await exportWallet(client)
    expect(secret).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(secret as `0x${string}`).address).toBe(state.wallets.wallets[0]?.address)
    client.destroy()
  })

  it('signs in with an existing wallet (SIWE) through its EIP-1193 provider', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const injected = {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === 'eth_requestAccounts') return [account.address.toLowerCase()]
        if (method === 'eth_chainId') return '0x1'
        // Strict EIP-1193 / ERC-191: the message arrives as 0x-hex bytes, and text is refused.
        if (method === 'personal_sign' && Array.isArray(params) && isHex(params[0])) {
          return account.signMessage({ message: { raw: params[0] } })
        }
        throw new Error(`unexpected ${method}`)
      },
    }
    const client = newClient()
    await client.start()
    const { user, isNewUser } = await loginWithWallet(client, {
      provider: injected,
      walletClientType: 'test',
    })
    expect(isNewUser).toBe(true)
    expect(user.linkedAccounts).toMatchObject([{ type: 'wallet', address: account.address }])
    client.destroy()
  })

  it('names a feature the server does not have yet instead of answering "Not found"', async () => {
    const notFound = async () =>
      new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 })
    const client = newClient(createMemoryStorage(), { fetch: notFound })
    const failure = await loginWithPasskey(client).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FeatureNotAvailableError)
    expect(failure).toMatchObject({
      code: 'feature_not_available',
      shortMessage: 'Sign-in with a passkey is not available on this server yet',
    })
  })

  it('refuses to create a wallet for nobody', async () => {
    const client = newClient()
    await client.start()
    await expect(createWallet(client)).rejects.toThrow('User must be authenticated')
  })
})
