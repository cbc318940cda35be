import { zoraSepolia as viemZoraSepolia } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const zoraSepolia = defineSatchelChain(viemZoraSepolia, {
  network: 'zora-sepolia',
  testnet: true,
  alchemy: {
    http: ['https://zora-sepolia.g.alchemy.com/v2'],
    webSocket: ['wss://zora-sepolia.g.alchemy.com/v2'],
  },
})
