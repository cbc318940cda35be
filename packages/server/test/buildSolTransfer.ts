import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

const SYSTEM_PROGRAM = address('11111111111111111111111111111111')

/** Where the test transfers go unless told otherwise. */
export const SOL_RECIPIENT = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')

/**
 * An unsigned SOL transfer (a v0 transaction), as a dApp builds it with @solana/kit, in base64 wire
 * format: what the Solana signing tests hand a wallet to sign.
 *
 * @example
 * const wire = buildSolTransfer({ from, lamports: 1_000_000n, blockhash: svm.latestBlockhash() })
 */
export function buildSolTransfer({
  from,
  to = SOL_RECIPIENT,
  lamports,
  blockhash,
}: {
  from: Address
  to?: Address
  lamports: bigint
  blockhash: Blockhash
}): string {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, lamports, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: SYSTEM_PROGRAM,
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: to, role: AccountRole.WRITABLE },
          ],
          data,
        },
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
