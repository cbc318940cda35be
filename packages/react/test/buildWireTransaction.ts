import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

/**
 * A v0 Solana transaction paid by `payer` (its signature slot empty), in base64 wire format as a dApp
 * sends it over WalletConnect, on a fixed blockhash: for tests that only read or sign it.
 *
 * @example
 * const transaction = buildWireTransaction(owner, [getTransferSolInstruction({ … })])
 */
export function buildWireTransaction(payer: string, instructions: readonly Instruction[]): string {
  const lifetime = {
    blockhash: blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'),
    lastValidBlockHeight: 100n,
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
