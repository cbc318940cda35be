import { describe, expect, it } from 'vitest'
import { readSessionRequest } from './readSessionRequest'
import type { WalletConnectSession } from './types'

const session: WalletConnectSession = {
  topic: 't1',
  app: {
    name: 'Shop',
    description: '',
    url: 'https://shop.example',
    icon: undefined,
    verification: 'unknown',
    isScam: false,
    origin: '',
  },
  chains: ['eip155:1', 'eip155:999'],
  accounts: ['eip155:1:0xabc'],
  methods: ['personal_sign', 'eth_sign'],
  expiresAt: 0,
}
const event = (method: string, chainId: string) => ({
  id: 5,
  topic: 't1',
  params: { request: { method, params: ['0x4869', '0xabc'] }, chainId },
})

describe('readSessionRequest', () => {
  it('queues a request on a served chain for an approved method, with what it would do', () => {
    expect(
      readSessionRequest({ event: event('personal_sign', 'eip155:1'), session, chains: [1] }),
    ).toMatchObject({
      request: { id: 5, method: 'personal_sign', chainId: 1, app: { name: 'Shop' }, summary: { text: 'Hi' } },
    })
  })

  it('refuses with the standard errors: a chain outside the session or not served, a method not answered', () => {
    const refusal = (method: string, chainId: string, withSession = true) => {
      const read = readSessionRequest({
        event: event(method, chainId),
        session: withSession ? session : undefined,
        chains: [1],
      })
      return 'refusal' in read ? read.refusal : undefined
    }
    expect(refusal('personal_sign', 'eip155:10')).toEqual({
      code: 5100,
      message: 'Unsupported chains. eip155:10',
    })
    // In the session (an older approval) but no longer served here.
    expect(refusal('personal_sign', 'eip155:999')).toEqual({
      code: 5100,
      message: 'Unsupported chains. eip155:999',
    })
    expect(refusal('personal_sign', 'eip155:1', false)).toMatchObject({ code: 5100 })
    // Approved in the session, yet never answered by this wallet.
    expect(refusal('eth_sign', 'eip155:1')).toEqual({ code: 5101, message: 'Unsupported methods. eth_sign' })
    expect(refusal('eth_signTransaction', 'eip155:1')).toEqual({
      code: 5101,
      message: 'Unsupported methods. eth_signTransaction',
    })
  })

  it("carries Verify's answer for the request itself, never the app's own claim", () => {
    const read = readSessionRequest({
      event: {
        ...event('personal_sign', 'eip155:1'),
        verifyContext: { verified: { origin: 'https://evil.example', validation: 'INVALID', isScam: true } },
      },
      session,
      chains: [1],
    })
    expect(read).toMatchObject({
      request: {
        app: {
          url: 'https://shop.example',
          verification: 'invalid',
          isScam: true,
          origin: 'https://evil.example',
        },
      },
    })
  })

  it('queues a Solana request on a served cluster, and refuses one on another cluster or in the wrong namespace', () => {
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const solanaSession: WalletConnectSession = {
      ...session,
      chains: ['eip155:1', devnet],
      accounts: ['eip155:1:0xabc', `${devnet}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`],
      methods: ['personal_sign', 'solana_signMessage'],
    }
    const read = (method: string, chainId: string, solanaChains: string[] = [devnet]) =>
      readSessionRequest({
        event: {
          id: 6,
          topic: 't1',
          params: { request: { method, params: { message: '3yZe7d' } }, chainId },
        },
        session: solanaSession,
        chains: [1],
        solanaChains,
      })
    expect(read('solana_signMessage', devnet)).toMatchObject({
      request: {
        method: 'solana_signMessage',
        caip2: devnet,
        chainId: undefined,
        summary: { kind: 'message' },
      },
    })
    // The cluster is in the session but no longer served here.
    expect(read('solana_signMessage', devnet, [])).toEqual({
      refusal: { code: 5100, message: `Unsupported chains. ${devnet}` },
    })
    // A Solana method on an EVM chain, and an EVM method on a cluster.
    expect(read('solana_signMessage', 'eip155:1')).toEqual({
      refusal: { code: 5101, message: 'Unsupported methods. solana_signMessage' },
    })
    expect(read('personal_sign', devnet)).toEqual({
      refusal: { code: 5101, message: 'Unsupported methods. personal_sign' },
    })
  })
})
