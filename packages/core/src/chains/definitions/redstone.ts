import { redstone as viemRedstone } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const redstone = defineSatchelChain(viemRedstone, {
  network: 'redstone',
  testnet: false,
})
