import { celoAlfajores as viemCeloAlfajores } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

// viem marks Alfajores deprecated (Celo moves its testnet to Sepolia); the spec still names it.
export const celoAlfajores = defineSatchelChain(viemCeloAlfajores, {
  network: 'celo-alfajores',
  testnet: true,
  infura: {
    http: ['https://celo-alfajores.infura.io/v3'],
    webSocket: ['wss://celo-alfajores.infura.io/ws/v3'],
  },
})
