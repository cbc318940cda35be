import { ApiError } from '@satchel/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionKeyLostError } from '../../errors/errors'
import type { HttpRequest } from '../http/createHttpClient'
import { canonicalize } from '../session/canonicalize'
import { getSignaturePayload } from '../session/signRequest'
import type { StoredSession } from '../types'
import { createTokenManager } from './createTokenManager'
import { createMemoryStorage, type SatchelStorage } from './storage'

const sessionKey = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
  'sign',
  'verify',
])
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An access token the client can read (the server's signature is not its business). */
function token(issuedAt: number, lifetimeSeconds: number, id: string): string {
  const iat = Math.floor(issuedAt / 1000)
  return `${base64url({ alg: 'ES256' })}.${base64url({ sub: 'usr_1', sid: id, iat, exp: iat + lifetimeSeconds })}.sig`
}

const user = {
  id: 'usr_1',
  createdAt: 1,
  hasAcceptedTerms: false,
  isGuest: false,
  linkedAccounts: [],
  mfaMethods: [],
}

function setup(
  storage: SatchelStorage = createMemoryStorage(),
  {
    refreshTokenStorage = 'storage',
    refreshInCookie = false,
    keyLost = false,
  }: {
    refreshTokenStorage?: 'cookie' | 'storage'
    refreshInCookie?: boolean
    keyLost?: boolean
  } = {},
) {
  let rotations = 0
  const calls: HttpRequest[] = []
  const http = vi.fn(async (request: HttpRequest) => {
    calls.push(request)
    rotations++
    return {
      token: token(Date.now(), 3600, `t${rotations}`),
      refreshToken: refreshInCookie ? null : `r${rotations}`,
      user,
    }
  })
  const onUser = vi.fn()
  const onEnded = vi.fn()
  const manager = createTokenManager({
    appId: 'app_1',
    storage,
    refreshTokenStorage,
    http,
    now: () => Date.now(),
    getSessionKey: async () => (keyLost ? undefined : sessionKey),
    onUser,
    onEnded,
    onSaved: () => {},
  })
  return { manager, http, calls, onUser, onEnded, storage }
}

/** Verifies the signature a refresh call would carry, as the server does (over the canonical payload). */
async function signatureVerifies(request: HttpRequest | undefined): Promise<boolean> {
  if (!request?.sign) return false
  const url = 'https://auth.example.com/api/v1/sessions'
  const headers = await request.sign({ method: 'POST', url, body: request.body, appId: 'app_1' })
  const expiry = Number(headers['satchel-request-expiry'])
  const payload = new TextEncoder().encode(
    canonicalize(getSignaturePayload({ appId: 'app_1', method: 'POST', url, body: request.body, expiry })),
  )
  const signature = Uint8Array.from(atob(headers['satchel-authorization-signature'] ?? ''), (c) =>
    c.charCodeAt(0),
  )
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, sessionKey.publicKey, signature, payload)
}

const first = (): StoredSession => ({ token: token(Date.now(), 3600, 't0'), refreshToken: 'r0' })

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createTokenManager', () => {
  it('refreshes a minute before the hour-long token expires, signed by the session key it names', async () => {
    const { manager, http, calls, onUser } = setup()
    await manager.save(first())
    await vi.advanceTimersByTimeAsync(3_539_000)
    expect(http).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(http).toHaveBeenCalledTimes(1)
    const publicJwk = await crypto.subtle.exportKey('jwk', sessionKey.publicKey)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/sessions',
      body: {
        refreshToken: 'r0',
        sessionPublicKey: { kty: 'EC', crv: 'P-256', x: publicJwk.x, y: publicJwk.y },
      },
    })
    expect(await signatureVerifies(calls[0])).toBe(true)
    expect(manager.current()?.refreshToken).toBe('r1')
    expect(onUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'usr_1' }))
    manager.stop()
  })

  it('sends one refresh for many callers needing a token at once', async () => {
    const { manager, http } = setup()
    await manager.save({ token: token(Date.now() - 3_590_000, 3600, 't0'), refreshToken: 'r0' })
    const tokens = await Promise.all([
      manager.getAccessToken(),
      manager.getAccessToken(),
      manager.refresh(),
      manager.getAccessToken(),
    ])
    expect(http).toHaveBeenCalledTimes(1)
    expect(new Set(tokens.filter(Boolean)).size).toBe(1)
    manager.stop()
  })

  it('takes the tokens another tab already rotated instead of spending the old refresh token', async () => {
    const storage = createMemoryStorage()
    const tabA = setup(storage)
    const tabB = setup(storage)
    await tabA.manager.save(first())
    await tabB.manager.load()
    await tabA.manager.refresh()
    await tabB.manager.refresh()
    expect(tabA.http).toHaveBeenCalledTimes(1)
    expect(tabB.http).not.toHaveBeenCalled()
    expect(tabB.manager.current()).toEqual(tabA.manager.current())
    tabA.manager.stop()
    tabB.manager.stop()
  })

  it('ends the session when the server no longer knows the refresh token', async () => {
    const { manager, http, onEnded, storage } = setup()
    await manager.save(first())
    http.mockRejectedValueOnce(new ApiError('missing_or_invalid_token'))
    await expect(manager.refresh()).rejects.toThrow('Missing or invalid token')
    expect(onEnded).toHaveBeenCalledTimes(1)
    expect(await storage.getItem('satchel:app_1:session')).toBeNull()
    expect(manager.current()).toBeUndefined()
  })

  it('keeps the session through a network failure, to retry later', async () => {
    const { manager, http, onEnded } = setup()
    await manager.save(first())
    http.mockRejectedValueOnce(new TypeError('fetch failed'))
    await expect(manager.refresh()).rejects.toThrow('fetch failed')
    expect(onEnded).not.toHaveBeenCalled()
    expect(manager.current()?.refreshToken).toBe('r0')
    manager.stop()
  })

  it("learns the device's clock error from the token the server just issued", async () => {
    const { manager } = setup()
    // The server's clock is 10 minutes ahead of this device.
    await manager.save({ token: token(Date.now() + 600_000, 3600, 't0'), refreshToken: 'r0' })
    expect(manager.serverNow() - Date.now()).toBe(600_000)
    manager.stop()
  })

  it('ends the session, saying why, when this browser lost the session key: no refresh is even sent', async () => {
    const { manager, http, onEnded, storage } = setup(undefined, { keyLost: true })
    await manager.save(first())
    await expect(manager.refresh()).rejects.toBeInstanceOf(SessionKeyLostError)
    expect(http).not.toHaveBeenCalled()
    expect(onEnded).toHaveBeenCalledWith('session_key_lost')
    expect(await storage.getItem('satchel:app_1:session')).toBeNull()
    // Asked again, it does not loop: there is no session left to refresh.
    await expect(manager.getAccessToken()).resolves.toBeUndefined()
    expect(http).not.toHaveBeenCalled()
  })

  it('ends the session, saying why, when the server refuses this browser’s key', async () => {
    const { manager, http, onEnded } = setup()
    await manager.save(first())
    http.mockRejectedValueOnce(new ApiError('invalid_authorization_signature'))
    await expect(manager.refresh()).rejects.toBeInstanceOf(SessionKeyLostError)
    expect(onEnded).toHaveBeenCalledWith('session_key_lost')
    expect(manager.current()).toBeUndefined()
  })

  it('never stores a refresh token handed to the page unless the app chose storage', async () => {
    const { manager, storage } = setup(undefined, { refreshTokenStorage: 'cookie' })
    await manager.save(first())
    expect(await storage.getItem('satchel:app_1:session')).toBeNull()
    expect(manager.current()?.refreshToken).toBe('r0')
    await manager.refresh()
    expect(await storage.getItem('satchel:app_1:session')).toBeNull()
    // This page still refreshes with what it holds in memory.
    expect(manager.current()?.refreshToken).toBe('r1')
    manager.stop()
  })

  it('with the refresh token in a cookie, stores only the access token and refreshes with a signed body naming only the key', async () => {
    const { manager, calls, storage } = setup(undefined, {
      refreshTokenStorage: 'cookie',
      refreshInCookie: true,
    })
    const t0 = token(Date.now(), 3600, 't0')
    await manager.save({ token: t0 })
    expect(await storage.getItem('satchel:app_1:session')).toBe(JSON.stringify({ token: t0 }))
    await manager.refresh()
    expect(Object.keys(calls[0]?.body ?? {})).toEqual(['sessionPublicKey'])
    expect(await signatureVerifies(calls[0])).toBe(true)
    const stored = await storage.getItem('satchel:app_1:session')
    expect(stored).not.toContain('refreshToken')
    expect(manager.current()?.token).toBe(token(Date.now(), 3600, 't1'))
    manager.stop()
  })
})
