import { linea as viemLinea } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const linea = defineSatchelChain(viemLinea, {
  network: 'linea-mainnet',
  testnet: false,
  alchemy: {
    http: ['https://linea-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://linea-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://linea-mainnet.infura.io/v3'],
    webSocket: ['wss://linea-mainnet.infura.io/ws/v3'],
  },
})
