import { lineaGoerli as viemLineaGoerli } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

// Goerli is retired (viem marks it deprecated); the spec names it, so old wallets and links still resolve.
export const lineaGoerli = defineSatchelChain(viemLineaGoerli, {
  network: 'linea-testnet',
  testnet: true,
  infura: {
    http: ['https://linea-goerli.infura.io/v3'],
    webSocket: ['wss://linea-goerli.infura.io/ws/v3'],
  },
})
