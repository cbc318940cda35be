import { celo as viemCelo } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const celo = defineSatchelChain(viemCelo, {
  network: 'celo',
  testnet: false,
  infura: {
    http: ['https://celo-mainnet.infura.io/v3'],
    webSocket: ['wss://celo-mainnet.infura.io/ws/v3'],
  },
})
