import { anvil } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

// The first chain `npm start` runs (anvil on port 8545). No block explorer: none runs locally.
export const satchelDevnet = defineSatchelChain(anvil, {
  name: 'Satchel Devnet',
  network: 'satchel-devnet',
  testnet: true,
})
