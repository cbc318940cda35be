import { defineSatchelChain } from '../defineSatchelChain'

// The second chain `npm start` runs (anvil on port 8546, chain id 31338), so multi-chain flows such as
// switching chains and per-chain balances work offline. viem has no such chain, so it is written out.
// No block explorer: none runs locally.
export const satchelDevnetBase = defineSatchelChain(
  {
    id: 31_338,
    name: 'Satchel Devnet Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: {
      default: { http: ['http://127.0.0.1:8546'], webSocket: ['ws://127.0.0.1:8546'] },
    },
  },
  { network: 'satchel-devnet-base', testnet: true },
)
