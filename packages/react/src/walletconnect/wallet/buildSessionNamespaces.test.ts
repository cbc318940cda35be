import { describe, expect, it } from 'vitest'
import { buildSessionNamespaces } from './buildSessionNamespaces'
import { readProposal } from './readProposal'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A proposal for Base and two Solana clusters, of which this wallet serves Base and devnet. */
const proposal = readProposal({
  proposal: {
    id: 1,
    requiredNamespaces: {},
    optionalNamespaces: {
      eip155: { chains: ['eip155:8453'], methods: ['personal_sign'], events: [] },
      solana: { chains: [MAINNET, DEVNET], methods: ['solana_signMessage'], events: [] },
    },
  },
  chains: [8453],
  solanaChains: [DEVNET],
})

describe('buildSessionNamespaces', () => {
  it('shares the Ethereum and Solana addresses on the served chains of each, with every method answered there', () => {
    expect(
      buildSessionNamespaces({ proposal, addresses: ['0xabc'], solanaAddresses: [solanaAddress] }),
    ).toEqual({
      eip155: {
        chains: ['eip155:8453'],
        accounts: ['eip155:8453:0xabc'],
        methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_signTransaction'],
        events: ['chainChanged', 'accountsChanged'],
      },
      solana: {
        chains: [DEVNET],
        accounts: [`${DEVNET}:${solanaAddress}`],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: ['chainChanged', 'accountsChanged'],
      },
    })
  })

  it('leaves out a namespace the user has no wallet for, or whose chains are not served here', () => {
    expect(Object.keys(buildSessionNamespaces({ proposal, addresses: ['0xabc'] }))).toEqual(['eip155'])
    expect(
      Object.keys(buildSessionNamespaces({ proposal, addresses: [], solanaAddresses: [solanaAddress] })),
    ).toEqual(['solana'])
    const evmOnly = readProposal({ proposal: { ...proposal, optionalNamespaces: undefined }, chains: [8453] })
    expect(
      buildSessionNamespaces({ proposal: evmOnly, addresses: ['0xabc'], solanaAddresses: [solanaAddress] }),
    ).toEqual({})
  })
})
