import { lukso as viemLukso } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const lukso = defineSatchelChain(viemLukso, {
  network: 'lukso',
  testnet: false,
})
