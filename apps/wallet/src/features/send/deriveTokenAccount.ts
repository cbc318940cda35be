import { type Address, address } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

/**
 * The associated token account of `owner` for `mint` under the SPL Token program: the one address
 * every wallet sends that token to, derived (a program-derived address), so it is known before it
 * exists.
 *
 * @example
 * await deriveTokenAccount({ owner, mint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' }) // 'Ey…'
 */
export async function deriveTokenAccount({ owner, mint }: { owner: string; mint: string }): Promise<Address> {
  const [account] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return account
}
