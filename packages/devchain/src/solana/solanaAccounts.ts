import { DEVCHAIN_TREASURY_USDC_AMOUNT } from '../accounts'

// The Solana treasury is a PUBLIC development key (its seed is sha256("satchel devchain solana
// treasury"), written here): it holds value on the local cluster only and is safe to commit. Never
// fund it on a real cluster.

/** The 32-byte ed25519 seed of the local cluster's treasury, hex (public, see above). */
export const DEVCHAIN_SOLANA_TREASURY_SEED =
  'aa17665451ceec8ca567d56fbc1c2c5068c01925030be58cd10230b608344380'

/** The treasury the sandbox onramp and tests pay SOL and USDC from. */
export const DEVCHAIN_SOLANA_TREASURY_ADDRESS = 'AFE5jCuVZ3ZwZK9nwPHgqvKXwfoFdu3STPPJCGjjFt2i'

/**
 * The local cluster's USDC-like mint (6 decimals, the treasury its mint authority). It sits at the
 * address of Circle's USDC on Solana devnet, which the local cluster stands in for, so every part of
 * Satchel that looks up USDC on devnet finds it there too.
 */
export const DEVCHAIN_SOLANA_USDC_MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'

/** The decimals of {@link DEVCHAIN_SOLANA_USDC_MINT}, as USDC's. */
export const DEVCHAIN_SOLANA_USDC_DECIMALS = 6

/** SOL the treasury starts with: 1,000,000 SOL in lamports. */
export const DEVCHAIN_SOLANA_TREASURY_LAMPORTS = 1_000_000n * 10n ** 9n

/** USDC the treasury's token account starts with (the mint's whole supply), as on the anvil chains. */
export const DEVCHAIN_SOLANA_TREASURY_USDC_AMOUNT = DEVCHAIN_TREASURY_USDC_AMOUNT
