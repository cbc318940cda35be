import { avalanche as viemAvalanche } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const avalanche = defineSatchelChain(viemAvalanche, {
  network: 'avalanche',
  testnet: false,
  alchemy: {
    http: ['https://avax-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://avax-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://avalanche-mainnet.infura.io/v3'],
    webSocket: ['wss://avalanche-mainnet.infura.io/ws/v3'],
  },
})
