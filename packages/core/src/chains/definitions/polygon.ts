import { polygon as viemPolygon } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

// `matic` is the slug ethers and the older wagmi chains use for Polygon PoS.
export const polygon = defineSatchelChain(viemPolygon, {
  network: 'matic',
  testnet: false,
  alchemy: {
    http: ['https://polygon-mainnet.g.alchemy.com/v2'],
    webSocket: ['wss://polygon-mainnet.g.alchemy.com/v2'],
  },
  infura: {
    http: ['https://polygon-mainnet.infura.io/v3'],
    webSocket: ['wss://polygon-mainnet.infura.io/ws/v3'],
  },
})
