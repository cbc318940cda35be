import { base as viemBase } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const base = defineSatchelChain(viemBase, {
  network: 'base',
  testnet: false,
  alchemy: {
    http: ['https://base-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://base-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://base-mainnet.infura.io/v3'],
    webSocket: ['wss://base-mainnet.infura.io/ws/v3'],
  },
})
