export type SolanaFundsCheck = {
  /** Everything the send costs in lamports: the SOL sent, the fee and any account deposit. */
  totalSol: bigint
  /** How much SOL is missing for it; 0n when the balance covers it. */
  missing: bigint
  /** Sending SOL to an empty account below the rent-exempt minimum: the cluster would refuse it. */
  belowNewAccountMinimum: boolean
}

/**
 * What a Solana send costs in SOL and whether the wallet can pay it. SOL pays for every transaction
 * (the fee), and for a recipient's new USDC account (its rent deposit), whatever is sent; a new
 * account that receives SOL must receive at least the rent-exempt minimum of an empty account.
 *
 * @example
 * checkSolanaFunds({ asset: 'USDC', amount: 5_000_000n, fee: 5000n, deposit: 2_039_280n, solBalance: 0n, newAccountMinimum: undefined })
 * // { totalSol: 2_044_280n, missing: 2_044_280n, belowNewAccountMinimum: false }
 */
export function checkSolanaFunds({
  asset,
  amount,
  fee,
  deposit,
  solBalance,
  newAccountMinimum,
}: {
  asset: 'native' | 'USDC'
  amount: bigint
  fee: bigint
  /** The rent deposit of the recipient's token account the send creates; 0n when it exists. */
  deposit: bigint
  solBalance: bigint
  /** SOL to an account that does not exist yet: the least it may receive. */
  newAccountMinimum: bigint | undefined
}): SolanaFundsCheck {
  const totalSol = (asset === 'native' ? amount : 0n) + fee + deposit
  return {
    totalSol,
    missing: totalSol > solBalance ? totalSol - solBalance : 0n,
    belowNewAccountMinimum:
      asset === 'native' && newAccountMinimum !== undefined && amount < newAccountMinimum,
  }
}
