import { createPublicClient, http } from 'viem'
import { describe, expect, test } from 'vitest'
import { chains } from './chains'

// The spec's ids (section 9 and section 3), with whether each is a test network.
const specChains: ReadonlyArray<[name: string, id: number, testnet: boolean]> = [
  ['Ethereum', 1, false],
  ['Sepolia', 11155111, true],
  ['Holesky', 17000, true],
  ['Optimism', 10, false],
  ['Arbitrum One', 42161, false],
  ['Base', 8453, false],
  ['Base Sepolia', 84532, true],
  ['Polygon', 137, false],
  ['Avalanche', 43114, false],
  ['Celo', 42220, false],
  ['Celo Alfajores', 44787, true],
  ['Linea', 59144, false],
  ['Linea Goerli', 59140, true],
  ['Filecoin', 314, false],
  ['Filecoin Calibration', 314159, true],
  ['Berachain Artio', 80085, true],
  ['LUKSO', 42, false],
  ['Redstone', 690, false],
  ['Garnet Holesky', 17069, true],
  ['Zora Sepolia', 999999999, true],
  ['Satchel Devnet', 31337, true],
  ['Satchel Devnet Base', 31338, true],
]

const localIds = new Set([31337, 31338])

describe('chains', () => {
  test.each(specChains)('%s is chain %i with testnet %s', (_, id, testnet) => {
    const chain = chains.find((candidate) => candidate.id === id)
    expect(chain).toBeDefined()
    expect(chain?.testnet).toBe(testnet)
  })

  test('holds exactly the spec chains and the two local ones', () => {
    expect(chains.map((chain) => chain.id).sort((a, b) => a - b)).toEqual(
      specChains.map(([, id]) => id).sort((a, b) => a - b),
    )
  })

  test('ids are unique', () => {
    expect(new Set(chains.map((chain) => chain.id)).size).toBe(chains.length)
  })

  test('network slugs are unique, lowercase and non-empty', () => {
    expect(new Set(chains.map((chain) => chain.network)).size).toBe(chains.length)
    for (const chain of chains) expect(chain.network).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  test('names the well-known networks with their usual slugs', () => {
    const slug = (id: number) => chains.find((chain) => chain.id === id)?.network
    expect(slug(1)).toBe('homestead')
    expect(slug(11155111)).toBe('sepolia')
    expect(slug(8453)).toBe('base')
  })

  test.each(chains.map((chain) => [chain.name, chain] as const))('%s has the required fields', (_, chain) => {
    expect(chain.name.length).toBeGreaterThan(0)
    expect(chain.nativeCurrency.decimals).toBe(18)
    expect(chain.nativeCurrency.name.length).toBeGreaterThan(0)
    expect(chain.nativeCurrency.symbol.length).toBeGreaterThan(0)
    expect(chain.caip2).toBe(`eip155:${chain.id}`)
    expect(chain.rpcUrls.default.http.length).toBeGreaterThan(0)
    expect(chain.rpcUrls.public.http.length).toBeGreaterThan(0)
    for (const url of [...chain.rpcUrls.default.http, ...chain.rpcUrls.public.http]) {
      expect(new URL(url).protocol).toBe(localIds.has(chain.id) ? 'http:' : 'https:')
    }
  })

  test.each(chains.filter((chain) => !localIds.has(chain.id)).map((chain) => [chain.name, chain] as const))(
    '%s has an https block explorer',
    (_, chain) => {
      expect(chain.blockExplorers?.default.name.length).toBeGreaterThan(0)
      expect(new URL(chain.blockExplorers?.default.url ?? '').protocol).toBe('https:')
    },
  )

  test('the local chains point at the devnet anvils and have no block explorer', () => {
    const devnet = chains.find((chain) => chain.id === 31337)
    const devnetBase = chains.find((chain) => chain.id === 31338)
    expect(devnet?.name).toBe('Satchel Devnet')
    expect(devnet?.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
    expect(devnet?.blockExplorers).toBeUndefined()
    expect(devnetBase?.name).toBe('Satchel Devnet Base')
    expect(devnetBase?.rpcUrls.default.http).toEqual(['http://127.0.0.1:8546'])
    expect(devnetBase?.blockExplorers).toBeUndefined()
  })

  test('alchemy and infura URLs are keyless https base URLs with matching websockets', () => {
    const services = chains.flatMap((chain) =>
      [chain.rpcUrls.alchemy, chain.rpcUrls.infura].filter((endpoints) => endpoints !== undefined),
    )
    expect(services.length).toBeGreaterThan(20)
    for (const endpoints of services) {
      for (const url of endpoints.http) expect(url).toMatch(/^https:\/\/[a-z0-9.-]+\/(v2|v3)$/)
      for (const url of endpoints.webSocket ?? []) expect(url).toMatch(/^wss:\/\/[a-z0-9.-]+\/(v2|ws\/v3)$/)
    }
  })

  test('Ethereum has its Alchemy and Infura endpoints', () => {
    const ethereum = chains.find((chain) => chain.id === 1)
    expect(ethereum?.rpcUrls.alchemy).toEqual({
      http: ['https://eth-mainnet.g.alchemy.com/v2'],
      webSocket: ['wss://eth-mainnet.g.alchemy.com/v2'],
    })
    expect(ethereum?.rpcUrls.infura).toEqual({
      http: ['https://mainnet.infura.io/v3'],
      webSocket: ['wss://mainnet.infura.io/ws/v3'],
    })
  })

  test('Garnet Holesky uses the Garnet RPC and explorer', () => {
    const garnet = chains.find((chain) => chain.id === 17069)
    expect(garnet?.rpcUrls.default.http).toEqual(['https://rpc.garnetchain.com'])
    expect(garnet?.blockExplorers?.default.url).toBe('https://explorer.garnetchain.com')
  })

  test('a chain is a viem chain: a client takes it and keeps its formatters', () => {
    const celo = chains.find((chain) => chain.id === 42220)
    const client = createPublicClient({ chain: celo, transport: http() })
    expect(client.chain?.id).toBe(42220)
    // Celo's own transaction formatter survives the spread, so viem still reads Celo fee currencies.
    expect(client.chain?.formatters?.transaction).toBeDefined()
  })
})
