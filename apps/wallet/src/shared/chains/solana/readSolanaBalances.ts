import type { ChainBalance } from '../balanceTypes'
import { createSolanaReader } from './createSolanaReader'
import type { SolanaCluster } from './readSolanaConfig'

/** SOL has 9 decimals (lamports); Solana USDC has 6, like everywhere. */
export const SOL_DECIMALS = 9
export const SOLANA_USDC_DECIMALS = 6

/**
 * The SOL and USDC balances of a Solana wallet on one cluster, as rows of Home's balances; an
 * unreachable cluster is an `error` row, not a failure of the whole list.
 *
 * @example
 * await readSolanaBalances(cluster, owner) // { status: 'ready', native: 1_000_000_000n, usdc: 25_000_000n, assets: [...] }
 */
export async function readSolanaBalances(cluster: SolanaCluster, owner: string): Promise<ChainBalance> {
  const where = { family: 'solana', chainId: cluster.caip2, chainName: cluster.name } as const
  try {
    const reader = createSolanaReader(cluster)
    const [native, usdc] = await Promise.all([reader.getSolBalance(owner), reader.getUsdcBalance(owner)])
    const row = { ...where, testnet: cluster.testnet, owner }
    return {
      ...where,
      status: 'ready',
      native,
      usdc,
      assets: [
        { ...row, token: 'native', symbol: 'SOL', decimals: SOL_DECIMALS, amount: native },
        ...(usdc === undefined
          ? []
          : [
              {
                ...row,
                token: 'USDC' as const,
                symbol: 'USDC',
                decimals: SOLANA_USDC_DECIMALS,
                amount: usdc,
              },
            ]),
      ],
    }
  } catch (error) {
    return { ...where, status: 'error', error }
  }
}
