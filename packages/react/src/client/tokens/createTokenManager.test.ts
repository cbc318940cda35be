import { ApiError } from '@satchel/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HttpRequest } from '../http/createHttpClient'
import type { StoredSession } from '../types'
import { createTokenManager } from './createTokenManager'
import { createMemoryStorage, type SatchelStorage } from './storage'

const key = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } as const
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

function setup(storage: SatchelStorage = createMemoryStorage()) {
  let rotations = 0
  const calls: HttpRequest[] = []
  const http = vi.fn(async (request: HttpRequest) => {
    calls.push(request)
    rotations++
    return { token: token(Date.now(), 3600, `t${rotations}`), refreshToken: `r${rotations}`, user }
  })
  const onUser = vi.fn()
  const onEnded = vi.fn()
  const manager = createTokenManager({
    appId: 'app_1',
    storage,
    http,
    now: () => Date.now(),
    getSessionPublicKey: async () => key,
    onUser,
    onEnded,
    onSaved: () => {},
  })
  return { manager, http, calls, onUser, onEnded, storage }
}

const first = (): StoredSession => ({ token: token(Date.now(), 3600, 't0'), refreshToken: 'r0' })

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createTokenManager', () => {
  it('refreshes a minute before the hour-long token expires, sending the session key', async () => {
    const { manager, http, calls, onUser } = setup()
    await manager.save(first())
    await vi.advanceTimersByTimeAsync(3_539_000)
    expect(http).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(http).toHaveBeenCalledTimes(1)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/sessions',
      body: { refreshToken: 'r0', sessionPublicKey: key },
    })
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
})
