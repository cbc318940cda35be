// @satchel/devchain: local anvil chains with the devnet's USDC, for the server's tests, the benches
// and `npm start` (apps/devnet). Never a dependency of a published package. Compiling contracts (solc)
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
export { AnvilStartError, FundAccountError, UsdcDeployError } from './errors'
export {
  type FundAccountErrorType,
  type FundAccountParameters,
  type FundAccountReturnType,
  fundAccount,
} from './fundAccount'
export { getAnvilBinaryPath } from './getAnvilBinaryPath'
export {
  ANVIL_READY_TIMEOUT_MS,
  type AnvilExit,
  type StartAnvilErrorType,
  type StartAnvilParameters,
  type StartAnvilReturnType,
  startAnvil,
} from './startAnvil'
