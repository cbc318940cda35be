import { createSolanaReader, TOKEN_ACCOUNT_SIZE } from '../../shared/chains/solana/createSolanaReader'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'
import { buildSolanaTransfer } from './buildSolanaTransfer'
import { checkSolanaFunds, type SolanaFundsCheck } from './checkSolanaFunds'
import { deriveTokenAccount } from './deriveTokenAccount'
import type { SolanaSendDraft } from './SendForm'

export type SolanaQuote = SolanaFundsCheck & {
  /** The unsigned transaction to sign, built on a recent blockhash. */
  transaction: string
  fee: bigint
  /** The rent deposit of the recipient's USDC account when the send creates it; 0n otherwise. */
  deposit: bigint
  solBalance: bigint
  /** SOL to an address that holds nothing yet: the least it may receive. */
  newAccountMinimum: bigint | undefined
}

// A blockhash is good for about a minute: the quote is built again well within that.
const QUOTE_MS = 15_000

/**
 * The send as it will be signed: whether the recipient already has a USDC account (if not, the
 * transfer creates it and the sender pays its deposit), the transaction on a fresh blockhash, the
 * cluster's fee for exactly that message, and whether the SOL balance covers it all.
 *
 * @example
 * const quote = useSolanaQuote(wallet.address, draft)
 */
export function useSolanaQuote(from: string, draft: SolanaSendDraft): PollingState<SolanaQuote> {
  const { cluster, asset, to, amount } = draft
  return usePolling(
    async () => {
      const reader = createSolanaReader(cluster)
      const recipientAccount =
        asset === 'USDC' && cluster.usdcMint
          ? await deriveTokenAccount({ owner: to, mint: cluster.usdcMint })
          : to
      const [solBalance, lifetime, exists] = await Promise.all([
        reader.getSolBalance(from),
        reader.getLatestBlockhash(),
        reader.hasAccount(recipientAccount),
      ])
      const [tokenAccountRent, emptyAccountRent] = await Promise.all([
        asset === 'USDC' && !exists ? reader.getRentExemptMinimum(TOKEN_ACCOUNT_SIZE) : 0n,
        asset === 'native' && !exists ? reader.getRentExemptMinimum(0n) : undefined,
      ])
      const built = await buildSolanaTransfer({
        from,
        to,
        asset,
        amount,
        usdcMint: cluster.usdcMint,
        createRecipientAccount: asset === 'USDC' && !exists,
        lifetime,
      })
      // One signature's fee when the cluster does not say (5,000 lamports).
      const fee = (await reader.getFeeForMessage(built.message)) ?? 5000n
      const funds = checkSolanaFunds({
        asset,
        amount,
        fee,
        deposit: tokenAccountRent,
        solBalance,
        newAccountMinimum: emptyAccountRent,
      })
      return {
        ...funds,
        transaction: built.transaction,
        fee,
        deposit: tokenAccountRent,
        solBalance,
        newAccountMinimum: emptyAccountRent,
      }
    },
    `${from}:${cluster.caip2}:${asset}:${to}:${amount}:quote`,
    QUOTE_MS,
  )
}
