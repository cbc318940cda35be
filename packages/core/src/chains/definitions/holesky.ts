import { holesky as viemHolesky } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const holesky = defineSatchelChain(viemHolesky, {
  network: 'holesky',
  testnet: true,
  alchemy: {
    http: ['https://eth-holesky.g.alchemy.com/v2'],
    webSocket: ['wss://eth-holesky.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://holesky.infura.io/v3'],
    webSocket: ['wss://holesky.infura.io/ws/v3'],
  },
})
