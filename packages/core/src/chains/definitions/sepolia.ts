import { sepolia as viemSepolia } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const sepolia = defineSatchelChain(viemSepolia, {
  network: 'sepolia',
  testnet: true,
  alchemy: {
    http: ['https://eth-sepolia.g.alchemy.com/v2'],
    webSocket: ['wss://eth-sepolia.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://sepolia.infura.io/v3'],
    webSocket: ['wss://sepolia.infura.io/ws/v3'],
  },
})
