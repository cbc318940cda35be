import { berachainTestnet as viemBerachainTestnet } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const berachainArtio = defineSatchelChain(viemBerachainTestnet, {
  network: 'berachain-artio',
  testnet: true,
})
