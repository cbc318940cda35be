import { describe, expect, it } from 'vitest'
import { getProposalRejection, readProposal } from './readProposal'

const proposer = {
  publicKey: 'ab',
  metadata: {
    name: 'Shop',
    description: '',
    url: 'javascript:alert(1)',
    icons: ['ftp://x', 'https://shop.example/icon.png'],
  },
}

describe('readProposal', () => {
  it('reads chains named by namespace keys, and keeps only safe URLs of the app', () => {
    const proposal = readProposal({
      proposal: {
        id: 7,
        pairingTopic: 'topic',
        expiryTimestamp: 1_700_000_300,
        proposer,
        requiredNamespaces: {},
        optionalNamespaces: { 'eip155:8453': { methods: ['personal_sign'], events: ['chainChanged'] } },
      },
      chains: [8453],
    })
    expect(proposal).toMatchObject({
      id: 7,
      app: { name: 'Shop', url: '', icon: 'https://shop.example/icon.png' },
      chains: [{ caip2: 'eip155:8453', chainId: 8453, supported: true }],
      methods: [{ name: 'personal_sign', supported: true }],
      expiresAt: 1_700_000_300_000,
      refusal: undefined,
    })
  })

  it('cannot approve when a chain still marked required is not served, and refuses with 5100', () => {
    const proposal = readProposal({
      proposal: {
        id: 8,
        proposer,
        requiredNamespaces: { eip155: { chains: ['eip155:10'], methods: ['personal_sign'], events: [] } },
        optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: [], events: [] } },
      },
      chains: [1],
    })
    expect(proposal.refusal?.message).toBe('This app needs a network this wallet does not offer (eip155:10)')
    expect(getProposalRejection(proposal)).toEqual({ code: 5100, message: 'Unsupported chains. eip155:10' })
  })

  it('refuses a Solana-only proposal for want of a chain, and a user decline is 5000', () => {
    const solana = readProposal({
      proposal: {
        id: 9,
        proposer,
        optionalNamespaces: {
          solana: {
            chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
            methods: ['solana_signMessage'],
            events: [],
          },
        },
      },
      chains: [1],
    })
    expect(solana.refusal?.key).toBe('UNSUPPORTED_CHAINS')
    const fine = readProposal({
      proposal: {
        id: 10,
        proposer,
        optionalNamespaces: {
          eip155: { chains: ['eip155:1'], methods: ['eth_sendTransaction'], events: [] },
        },
      },
      chains: [1],
    })
    expect(getProposalRejection(fine)).toEqual({ code: 5000, message: 'User rejected.' })
  })

  it('serves a Solana proposal on the clusters this wallet is given, and still needs every required one', () => {
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const read = (required: string[]) =>
      readProposal({
        proposal: {
          id: 11,
          proposer,
          requiredNamespaces: { solana: { chains: required, methods: ['solana_signMessage'], events: [] } },
          optionalNamespaces: {
            solana: {
              chains: [mainnet],
              methods: ['solana_signAndSendTransaction', 'solana_signAllTransactions'],
              events: [],
            },
          },
        },
        chains: [1],
        solanaChains: [devnet],
      })
    const served = read([devnet])
    expect(served.refusal).toBeUndefined()
    expect(served.chains).toEqual([
      { caip2: devnet, chainId: undefined, supported: true },
      { caip2: mainnet, chainId: undefined, supported: false },
    ])
    expect(served.methods).toEqual([
      { name: 'solana_signMessage', supported: true },
      { name: 'solana_signAndSendTransaction', supported: true },
      { name: 'solana_signAllTransactions', supported: false },
    ])
    expect(read([mainnet]).refusal?.message).toBe(
      `This app needs a network this wallet does not offer (${mainnet})`,
    )
  })
})
