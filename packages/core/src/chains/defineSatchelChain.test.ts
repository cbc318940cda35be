import { mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { defineSatchelChain } from './defineSatchelChain'

describe('defineSatchelChain', () => {
  test("keeps viem's fields and adds network, public RPC, explicit testnet and CAIP-2", () => {
    const chain = defineSatchelChain(mainnet, { network: 'homestead', testnet: false })
    expect(chain).toMatchObject({
      id: 1,
      name: 'Ethereum',
      network: 'homestead',
      testnet: false,
      caip2: 'eip155:1',
      contracts: mainnet.contracts,
      blockExplorers: mainnet.blockExplorers,
    })
    expect(chain.rpcUrls.public).toEqual(mainnet.rpcUrls.default)
    expect(chain.rpcUrls).not.toHaveProperty('alchemy')
    expect(chain.rpcUrls).not.toHaveProperty('infura')
  })

  test('takes a name, a public endpoint and the keyed services', () => {
    const chain = defineSatchelChain(mainnet, {
      name: 'Ether',
      network: 'homestead',
      testnet: false,
      public: { http: ['https://public.example'] },
      alchemy: { http: ['https://eth-mainnet.g.alchemy.com/v2'] },
      infura: { http: ['https://mainnet.infura.io/v3'] },
    })
    expect(chain.name).toBe('Ether')
    expect(chain.rpcUrls.public.http).toEqual(['https://public.example'])
    expect(chain.rpcUrls.alchemy?.http).toEqual(['https://eth-mainnet.g.alchemy.com/v2'])
    expect(chain.rpcUrls.infura?.http).toEqual(['https://mainnet.infura.io/v3'])
  })

  test('refuses a native currency without 18 decimals', () => {
    const sixDecimals = { ...mainnet, id: 7, nativeCurrency: { name: 'Six', symbol: 'SIX', decimals: 6 } }
    expect(() => defineSatchelChain(sixDecimals, { network: 'six', testnet: true })).toThrow(
      'Chain 7 has 6 native decimals, not 18',
    )
  })
})
