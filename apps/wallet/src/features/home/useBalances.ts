import { useSatchel } from '@satchel/react'
import type { AssetBalance, ChainBalance } from '../../shared/chains/balanceTypes'
import { createChainReader } from '../../shared/chains/createChainReader'
import { USDC_DECIMALS } from '../../shared/chains/erc20'
import { readSolanaBalances } from '../../shared/chains/solana/readSolanaBalances'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import { useSolanaClusters } from '../../shared/chains/solana/useSolanaClusters'
import { useSolanaWallet } from '../../shared/chains/solana/useSolanaWallet'
import type { WalletChain } from '../../shared/chains/useWalletChains'
import { type PollingState, usePolling } from '../../shared/hooks/usePolling'

export type { AssetBalance, ChainBalance, ChainFamily } from '../../shared/chains/balanceTypes'

// Often enough that funds arriving from the onramp or a friend show within seconds.
const POLL_MS = 4000

async function readEvm(read: () => ReturnType<typeof createChainReader>, chain: WalletChain, owner: string) {
  const reader = read()
  const [native, usdc] = await Promise.all([reader.getNativeBalance(owner), reader.getUsdcBalance(owner)])
  const row = {
    family: 'evm',
    chainId: chain.id,
    chainName: chain.name,
    testnet: chain.testnet,
    owner,
  } as const
  const assets: AssetBalance[] = [
    { ...row, token: 'native', symbol: chain.nativeSymbol, decimals: 18, amount: native },
    ...(usdc === undefined
      ? []
      : [{ ...row, token: 'USDC' as const, symbol: 'USDC', decimals: USDC_DECIMALS, amount: usdc }]),
  ]
  return { native, usdc, assets }
}

/**
 * The native coin and USDC balances of the person's wallets on every chain, read again every 4
 * seconds: `address` on each EVM chain in `chains`, and their Solana wallet (SOL and SPL USDC) on each
 * configured Solana cluster. Each row carries its chain family, chain, token and amount. A chain that
 * cannot be reached is reported on its own; the others still show.
 *
 * @example
 * const balances = useBalances(wallet.address, chains)
 * balances.data?.flatMap((row) => (row.status === 'ready' ? row.assets : []))
 */
export function useBalances(
  address: string,
  chains: readonly WalletChain[],
  { solanaClusters }: { solanaClusters?: readonly SolanaCluster[] | undefined } = {},
): PollingState<ChainBalance[]> {
  const { client } = useSatchel()
  const configured = useSolanaClusters()
  const clusters = solanaClusters ?? configured
  const solana = useSolanaWallet()
  return usePolling(
    () =>
      Promise.all([
        ...chains.map(async (chain): Promise<ChainBalance> => {
          const where = { family: 'evm', chainId: chain.id, chainName: chain.name } as const
          try {
            return {
              ...where,
              status: 'ready',
              ...(await readEvm(() => createChainReader(client, chain), chain, address)),
            }
          } catch (error) {
            return { ...where, status: 'error', error }
          }
        }),
        ...(solana ? clusters.map((cluster) => readSolanaBalances(cluster, solana.address)) : []),
      ]),
    `${address}:${chains.map((chain) => chain.id).join(',')}:${solana?.address ?? ''}:${clusters.map((cluster) => cluster.caip2).join(',')}`,
    POLL_MS,
  )
}
