import { arbitrum } from './definitions/arbitrum'
import { avalanche } from './definitions/avalanche'
import { base } from './definitions/base'
import { baseSepolia } from './definitions/baseSepolia'
import { berachainArtio } from './definitions/berachainArtio'
import { celo } from './definitions/celo'
import { celoAlfajores } from './definitions/celoAlfajores'
import { filecoin } from './definitions/filecoin'
import { filecoinCalibration } from './definitions/filecoinCalibration'
import { garnetHolesky } from './definitions/garnetHolesky'
import { holesky } from './definitions/holesky'
import { linea } from './definitions/linea'
import { lineaGoerli } from './definitions/lineaGoerli'
import { lukso } from './definitions/lukso'
import { mainnet } from './definitions/mainnet'
import { optimism } from './definitions/optimism'
import { polygon } from './definitions/polygon'
import { redstone } from './definitions/redstone'
import { satchelDevnet } from './definitions/satchelDevnet'
import { satchelDevnetBase } from './definitions/satchelDevnetBase'
import { sepolia } from './definitions/sepolia'
import { zoraSepolia } from './definitions/zoraSepolia'
import type { SatchelChain } from './types'

/**
 * Every chain Satchel knows, mainnets first, then testnets, then the two local devnet chains.
 *
 * @example
 * import { chains } from '@satchel/core'
 * const mainnets = chains.filter((chain) => !chain.testnet)
 */
export const chains: readonly SatchelChain[] = [
  mainnet,
  optimism,
  arbitrum,
  base,
  polygon,
  avalanche,
  celo,
  linea,
  filecoin,
  lukso,
  redstone,
  sepolia,
  holesky,
  baseSepolia,
  celoAlfajores,
  lineaGoerli,
  filecoinCalibration,
  berachainArtio,
  garnetHolesky,
  zoraSepolia,
  satchelDevnet,
  satchelDevnetBase,
]
