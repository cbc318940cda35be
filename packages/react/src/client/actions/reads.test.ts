import { ApiError } from '@satchel/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInWithEmail } from '../../../test/signInWithEmail'
import { startServer, type TestStack } from '../../../test/startServer'
import { createSatchelClient, type SatchelClient } from '../createSatchelClient'
import { toSnakeCase } from '../http/convertCase'
import { createMemorySessionKeyStore } from '../session/sessionKeyStore'
import { createMemoryStorage } from '../tokens/storage'
import { getFundingOptions } from './getFundingOptions'
import { getPolicies } from './getPolicies'
import { getSessions } from './getSessions'
import { getTransactionScan } from './getTransactionScan'
import { getTransactionStatus } from './getTransactionStatus'

let stack: TestStack
beforeAll(async () => {
  stack = await startServer()
})
afterAll(async () => {
  await stack?.close()
})

const signIn = (email: string) => signInWithEmail(stack, email)

const walletIdOf = (client: SatchelClient) => {
  const state = client.getState()
  const wallet = state.status === 'authenticated' ? state.wallets.wallets[0] : undefined
  if (!wallet) throw new Error('no wallet')
  return wallet.id
}

describe('the SDK read actions against the real server', () => {
  it('getSessions lists every device the user is signed in on, this one marked current', async () => {
    const laptop = await signIn('reads-sessions@example.com')
    const phone = await signIn('reads-sessions@example.com')
    const seenFromLaptop = await getSessions(laptop)
    const seenFromPhone = await getSessions(phone)
    expect(seenFromLaptop).toHaveLength(2)
    expect(seenFromLaptop.filter((session) => session.current)).toHaveLength(1)
    const laptopSession = seenFromLaptop.find((session) => session.current)
    const phoneSession = seenFromPhone.find((session) => session.current)
    expect(laptopSession?.id).not.toBe(phoneSession?.id)
    expect(seenFromLaptop.map((session) => session.id).sort()).toEqual(
      seenFromPhone.map((session) => session.id).sort(),
    )
    for (const session of seenFromLaptop) {
      expect(session.createdAt).toBeGreaterThan(1_600_000_000)
      expect(session.lastUsedAt).toBeGreaterThanOrEqual(session.createdAt)
    }
    laptop.destroy()
    phone.destroy()
  })

  it('getPolicies lists the policies the user made, by name', async () => {
    const client = await signIn('reads-policies@example.com')
    expect(await getPolicies(client)).toEqual([])
    await client.request({
      method: 'POST',
      path: '/api/v1/policies',
      body: {
        name: 'Small payments',
        chainType: 'ethereum',
        rules: [{ name: 'Sign anything', method: '*', conditions: [], action: 'ALLOW' }],
      },
      auth: true,
      signed: {},
    })
    expect(await getPolicies(client)).toEqual([
      {
        id: expect.any(String),
        name: 'Small payments',
        chainType: 'ethereum',
        ownedByApp: false,
        ruleCount: 1,
      },
    ])
    client.destroy()
  })

  it('getTransactionStatus of a hash the wallet never sent is the server not_found', async () => {
    const client = await signIn('reads-status@example.com')
    const refused = await getTransactionStatus(client, {
      walletId: walletIdOf(client),
      hash: `0x${'ab'.repeat(32)}`,
    }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ code: 'not_found' })
    client.destroy()
  })

  it('getFundingOptions answers the providers for a chain and asset, without a session', async () => {
    const client = createSatchelClient({
      appId: stack.appId,
      serverUrl: stack.url,
      storage: createMemoryStorage(),
      sessionKeyStore: createMemorySessionKeyStore(),
    })
    await client.start()
    const answer = await getFundingOptions(client, { chainId: 8453, asset: 'USDC' })
    // No provider is configured on the test server: none is offered.
    expect(answer).toEqual({ options: [], warnings: [] })
    client.destroy()
  })

  it('a read aborted by its signal fails at once, without an answer', async () => {
    const client = await signIn('reads-abort@example.com')
    const controller = new AbortController()
    controller.abort()
    await expect(getSessions(client, { signal: controller.signal })).rejects.toMatchObject({
      name: expect.stringMatching(/Error$/),
    })
    client.destroy()
  })
})

describe('getTransactionScan', () => {
  it('sends the transaction with hex amounts and its own field names, and reads the verdict, moves and fee', async () => {
    const sent: unknown[] = []
    const client = {
      request: async (parameters: unknown) => {
        sent.push(parameters)
        return {
          validation: {
            resultType: 'warning',
            reasons: [{ code: 'new_address', message: 'You never sent to this address' }, { bad: true }],
          },
          simulation: {
            assetChanges: [
              {
                kind: 'transfer',
                asset: { type: 'native', symbol: 'ETH', decimals: 18 },
                from: '0xaaa',
                to: '0xbbb',
                amount: '1000000000000000000',
              },
              { kind: 'transfer', asset: { type: 'native' }, from: '0xaaa', to: '0xbbb', amount: '-5' },
            ],
            gas: { used: '21000', price: '1000000000' },
          },
        }
      },
    } as unknown as SatchelClient
    const scan = await getTransactionScan(client, {
      transaction: { to: '0x000000000000000000000000000000000000dEaD', value: 10n ** 18n, chainId: 1 },
      chainId: 1,
      metadata: { domain: 'dapp.example' },
    })
    expect(scan).toEqual({
      resultType: 'warning',
      reasons: [{ code: 'new_address', message: 'You never sent to this address' }],
      assetChanges: [
        {
          kind: 'transfer',
          assetType: 'native',
          symbol: 'ETH',
          decimals: 18,
          from: '0xaaa',
          to: '0xbbb',
          amount: 10n ** 18n,
          unlimited: false,
        },
      ],
      fee: 21_000n * 1_000_000_000n,
    })
    expect(sent).toMatchObject([
      {
        method: 'POST',
        path: '/api/v1/scan/transaction',
        auth: true,
        body: {
          chainId: 1,
          metadata: { domain: 'dapp.example' },
          request: { method: 'eth_sendTransaction' },
        },
      },
    ])
    // As it goes on the wire: the API's own fields snake_cased, the transaction's left as they are.
    expect(toSnakeCase((sent[0] as { body: unknown }).body)).toEqual({
      chain_id: 1,
      metadata: { domain: 'dapp.example' },
      request: {
        method: 'eth_sendTransaction',
        params: [
          { to: '0x000000000000000000000000000000000000dEaD', value: '0xde0b6b3a7640000', chainId: 1 },
        ],
      },
    })
  })
})
