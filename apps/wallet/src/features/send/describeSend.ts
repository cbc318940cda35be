import { formatWei } from '@satchel/core'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { getExplorerTransactionUrl } from '../../shared/chains/getExplorerTransactionUrl'
import { SOL_DECIMALS } from '../../shared/chains/solana/readSolanaBalances'
import type { SendDraft, SolanaSendDraft } from './SendForm'

export type SendDescription = {
  /** The amount with its symbol, every digit: `12.5 USDC`, `0.01 SOL`. */
  amountLabel: string
  symbol: string
  chainName: string
  /** The transaction on the chain's explorer; undefined where the chain has none (the local ones). */
  explorerUrl: string | undefined
}

/**
 * What the status screen says about a send of either family: the amount, where, and the explorer's
 * page for the transaction (Solana's explorer names the cluster in its query).
 *
 * @example
 * describeSend(solanaDraft, signature).amountLabel // '12.5 USDC'
 */
export function describeSend(draft: SendDraft | SolanaSendDraft, hash: string): SendDescription {
  const native =
    draft.family === 'solana'
      ? { symbol: 'SOL', decimals: SOL_DECIMALS }
      : { symbol: draft.chain.nativeSymbol, decimals: 18 }
  const { symbol, decimals } = draft.asset === 'USDC' ? { symbol: 'USDC', decimals: USDC_DECIMALS } : native
  const amountLabel = `${formatWei(draft.amount, { unitDecimals: decimals, decimals })} ${symbol}`
  return {
    amountLabel,
    symbol,
    chainName: draft.family === 'solana' ? draft.cluster.name : draft.chain.name,
    explorerUrl: getExplorerTransactionUrl(draft, hash),
  }
}
