import { arbitrum as viemArbitrum } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const arbitrum = defineSatchelChain(viemArbitrum, {
  network: 'arbitrum',
  testnet: false,
  alchemy: {
    http: ['https://arb-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://arb-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://arbitrum-mainnet.infura.io/v3'],
    webSocket: ['wss://arbitrum-mainnet.infura.io/ws/v3'],
  },
})
