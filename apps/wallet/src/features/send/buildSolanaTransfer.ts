import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { SOLANA_USDC_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import { deriveTokenAccount } from './deriveTokenAccount'

export type BuildSolanaTransferParameters = {
  /** The sender's Solana address: it signs and pays the fee. */
  from: string
  to: string
  asset: 'native' | 'USDC'
  /** Lamports for SOL, USDC's smallest unit for USDC. */
  amount: bigint
  /** The USDC mint (required for USDC). */
  usdcMint?: string | undefined
  /** USDC only: the recipient has no USDC account yet, so the transfer creates it (the sender pays its rent). */
  createRecipientAccount?: boolean | undefined
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint }
}

export type BuildSolanaTransferReturnType = {
  /** The unsigned transaction, base64 wire format, as the wallet RPC takes it. */
  transaction: string
  /** Its message, base64, for `getFeeForMessage`. */
  message: TransactionMessageBytesBase64
}

/** USDC: `transferChecked` between the two token accounts, after creating the recipient's when asked. */
async function buildUsdcInstructions({
  sender,
  to,
  amount,
  usdcMint,
  createRecipientAccount,
}: {
  sender: TransactionSigner
  to: string
  amount: bigint
  usdcMint: string | undefined
  createRecipientAccount: boolean
}) {
  if (!usdcMint) throw new Error('USDC is not available on this cluster')
  const mint = address(usdcMint)
  const [source, destination] = await Promise.all([
    deriveTokenAccount({ owner: sender.address, mint: usdcMint }),
    deriveTokenAccount({ owner: to, mint: usdcMint }),
  ])
  const transfer = getTransferCheckedInstruction({
    source,
    mint,
    destination,
    authority: sender,
    amount,
    decimals: SOLANA_USDC_DECIMALS,
  })
  if (!createRecipientAccount) return [transfer]
  const create = getCreateAssociatedTokenIdempotentInstruction({
    payer: sender,
    ata: destination,
    owner: address(to),
    mint,
  })
  return [create, transfer]
}

/**
 * The unsigned transaction that moves `amount` to `to`: a System transfer for SOL; for USDC a
 * `transferChecked` between the two associated token accounts, preceded (when the recipient has none)
 * by the idempotent creation of theirs, so a friend who never held USDC receives it.
 *
 * @throws {Error} for USDC on a cluster without a mint.
 * @example
 * const { transaction } = await buildSolanaTransfer({ from, to, asset: 'USDC', amount: 5_000_000n, usdcMint, createRecipientAccount: true, lifetime })
 */
export async function buildSolanaTransfer(
  parameters: BuildSolanaTransferParameters,
): Promise<BuildSolanaTransferReturnType> {
  const { from, to, asset, amount, usdcMint, createRecipientAccount = false, lifetime } = parameters
  // The embedded wallet signs on the server: here its address stands in as a signer that signs nothing.
  const sender = createNoopSigner(address(from))
  const recipient = address(to)
  const instructions =
    asset === 'native'
      ? [getTransferSolInstruction({ source: sender, destination: recipient, amount })]
      : await buildUsdcInstructions({ sender, to, amount, usdcMint, createRecipientAccount })
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(sender, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  const compiled = compileTransaction(message)
  return {
    transaction: getBase64EncodedWireTransaction(compiled),
    // The RPC's type for a base64 message; these are the bytes just compiled here.
    message: getBase64Decoder().decode(compiled.messageBytes) as TransactionMessageBytesBase64,
  }
}
