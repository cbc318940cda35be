import { MAX_WALLETS_PER_CHAIN_TYPE } from '@satchel/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'

let t: TestServer

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t?.close())

describe('wallets per user', () => {
  it('concurrent create_additional for a new user never answer 500: each gets its own wallet, up to the cap', async () => {
    const { token } = await t.loginWithEmail('many-wallets@example.com')
    const create = () =>
      t.call('POST', '/api/v1/wallets', { token, body: { chain_type: 'ethereum', create_additional: true } })

    const responses = await Promise.all(Array.from({ length: MAX_WALLETS_PER_CHAIN_TYPE + 2 }, create))

    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      ...Array(MAX_WALLETS_PER_CHAIN_TYPE).fill(201),
      409,
      409,
    ])
    const created = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json())
    expect(new Set(created.map((wallet) => wallet.address)).size).toBe(MAX_WALLETS_PER_CHAIN_TYPE)
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({
        code: 'max_accounts_reached',
        error: `A user can hold at most ${MAX_WALLETS_PER_CHAIN_TYPE} ethereum wallets`,
      })
    }
    const listed = await t.call('GET', '/api/v1/wallets', { token })
    expect(
      listed
        .json()
        .data.map((wallet: { address: string }) => wallet.address)
        .sort(),
    ).toEqual(created.map((wallet) => wallet.address).sort())
  })

  it('the cap is per chain type: a user at the cap for Ethereum still gets Solana wallets', async () => {
    const { token } = await t.loginWithEmail('capped@example.com')
    const create = (chain_type: 'ethereum' | 'solana') =>
      t.call('POST', '/api/v1/wallets', { token, body: { chain_type, create_additional: true } })
    for (let i = 0; i < MAX_WALLETS_PER_CHAIN_TYPE; i++)
      expect((await create('ethereum')).statusCode).toBe(201)
    expect((await create('ethereum')).json().code).toBe('max_accounts_reached')
    expect((await create('solana')).statusCode).toBe(201)
    // The primary wallet is still answered as before.
    const primary = await t.call('POST', '/api/v1/wallets', { token, body: { chain_type: 'ethereum' } })
    expect(primary.statusCode).toBe(200)
  })
})
