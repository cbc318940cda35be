import { garnet as viemGarnet } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

// viem calls it Garnet Testnet; the spec's name says which L1 it settles on.
export const garnetHolesky = defineSatchelChain(viemGarnet, {
  name: 'Garnet Holesky',
  network: 'garnet',
  testnet: true,
})
