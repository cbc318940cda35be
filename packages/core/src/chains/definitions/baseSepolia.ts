import { baseSepolia as viemBaseSepolia } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const baseSepolia = defineSatchelChain(viemBaseSepolia, {
  network: 'base-sepolia',
  testnet: true,
  alchemy: {
    http: ['https://base-sepolia.g.alchemy.com/v2'],
    webSocket: ['wss://base-sepolia.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://base-sepolia.infura.io/v3'],
    webSocket: ['wss://base-sepolia.infura.io/ws/v3'],
  },
})
