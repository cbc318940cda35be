import type { Address, Hex } from 'viem'

// These are anvil's PUBLIC, well-known development accounts (derived from the mnemonic below, which
// every Foundry and Hardhat install prints on start). They hold value on local chains only and are
// safe to commit; never fund them on a real network.

/** The mnemonic anvil uses when given none; its accounts are the ones below. */
export const DEFAULT_ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

/** Anvil account 0: deploys the devnet USDC as its first transaction and owns it (may mint). */
export const DEVCHAIN_DEPLOYER_ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Private key of anvil account 0 (public, see above). */
export const DEVCHAIN_DEPLOYER_PRIVATE_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/**
 * Anvil account 1: the devnet treasury that the sandbox onramp and tests pay from. It starts with
 * anvil's 10,000 ETH and receives {@link DEVCHAIN_TREASURY_USDC_AMOUNT} when USDC is deployed.
 */
export const DEVCHAIN_TREASURY_ADDRESS: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Private key of anvil account 1 (public, see above). */
export const DEVCHAIN_TREASURY_PRIVATE_KEY: Hex =
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/** USDC minted to the treasury on deployment: 1,000,000,000 USDC in 6-decimal units. */
export const DEVCHAIN_TREASURY_USDC_AMOUNT = 1_000_000_000n * 10n ** 6n
