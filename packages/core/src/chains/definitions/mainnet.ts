import { mainnet as viemMainnet } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const mainnet = defineSatchelChain(viemMainnet, {
  network: 'homestead',
  testnet: false,
  alchemy: {
    http: ['https://eth-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://eth-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://mainnet.infura.io/v3'],
    webSocket: ['wss://mainnet.infura.io/ws/v3'],
  },
})
