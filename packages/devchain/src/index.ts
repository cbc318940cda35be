// @satchel/devchain: local anvil chains with the devnet's USDC, and a local Solana cluster (LiteSVM
// behind JSON-RPC) with a USDC-like mint, for the server's tests, the benches and `npm start` (apps/devnet). Never a dependency of a published package. Compiling contracts (solc)
// is its own entry, `@satchel/devchain/compileContracts`: the committed artifacts are all a running
// chain needs.
export {
  DEFAULT_ANVIL_MNEMONIC,
  DEVCHAIN_DEPLOYER_ADDRESS,
  DEVCHAIN_DEPLOYER_PRIVATE_KEY,
  DEVCHAIN_TREASURY_ADDRESS,
  DEVCHAIN_TREASURY_PRIVATE_KEY,
  DEVCHAIN_TREASURY_USDC_AMOUNT,
} from './accounts'
export { satchelUsd } from './artifacts'
export {
  type DeployUsdcErrorType,
  type DeployUsdcParameters,
  type DeployUsdcReturnType,
  deployUsdc,
} from './deployUsdc'
export {
  AnvilStartError,
  FundAccountError,
  FundSolanaAccountError,
  SolanaClusterStartError,
  UsdcDeployError,
} from './errors'
export {
  type FundAccountErrorType,
  type FundAccountParameters,
  type FundAccountReturnType,
  fundAccount,
} from './fundAccount'
export { getAnvilBinaryPath } from './getAnvilBinaryPath'
export {
  type FundSolanaAccountErrorType,
  type FundSolanaAccountParameters,
  type FundSolanaAccountReturnType,
  fundSolanaAccount,
} from './solana/fundSolanaAccount'
export {
  DEVCHAIN_SOLANA_TREASURY_ADDRESS,
  DEVCHAIN_SOLANA_TREASURY_LAMPORTS,
  DEVCHAIN_SOLANA_TREASURY_SEED,
  DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT,
  DEVCHAIN_SOLANA_USDC_DECIMALS,
  DEVCHAIN_SOLANA_USDC_MINT,
} from './solana/solanaAccounts'
export {
  SOLANA_DEVNET_GENESIS_HASH,
  type StartSolanaClusterErrorType,
  type StartSolanaClusterParameters,
  type StartSolanaClusterReturnType,
  startSolanaCluster,
} from './solana/startSolanaCluster'
export {
  ANVIL_READY_TIMEOUT_MS,
  type AnvilExit,
  type StartAnvilErrorType,
  type StartAnvilParameters,
  type StartAnvilReturnType,
  startAnvil,
} from './startAnvil'
