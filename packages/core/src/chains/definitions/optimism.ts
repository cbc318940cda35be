import { optimism as viemOptimism } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const optimism = defineSatchelChain(viemOptimism, {
  network: 'optimism',
  testnet: false,
  alchemy: {
    http: ['https://opt-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://opt-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://optimism-mainnet.infura.io/v3'],
    webSocket: ['wss://optimism-mainnet.infura.io/ws/v3'],
  },
})
