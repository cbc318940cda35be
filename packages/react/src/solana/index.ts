// @satchel/react/solana: the embedded Solana wallets as Wallet Standard wallets. Its own entry, so
// apps that do not use Solana pay nothing for it.

export {
  createSolanaStandardWallet,
  type SatchelSolanaFeatures,
  type SolanaStandardWallet,
} from './createSolanaStandardWallet'
export {
  type RegisterSolanaWalletsParameters,
  type RegisterSolanaWalletsReturnType,
  registerSolanaWallets,
} from './registerSolanaWallets'
export { SOLANA_CHAINS, type SolanaChain, toSolanaCaip2 } from './toSolanaCaip2'
export { type UseSolanaWalletsReturnType, useSolanaWallets } from './useSolanaWallets'
