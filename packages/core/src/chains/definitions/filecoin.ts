import { filecoin as viemFilecoin } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const filecoin = defineSatchelChain(viemFilecoin, {
  network: 'filecoin-mainnet',
  testnet: false,
})
