import { getChain, getUsdcAddress } from '@satchel/core'
import { useMemo } from 'react'
import { useWalletConfig } from '../../app/WalletConfigContext'

/** A chain as the wallet shows it. */
export type WalletChain = {
  id: number
  name: string
  rpcUrl: string
  testnet: boolean
  nativeSymbol: string
  usdcAddress: `0x${string}` | undefined
  /** The block explorer's base URL, when the chain has one (the local devnet chains have none). */
  explorerUrl: string | undefined
}

/**
 * Turns the configured chain ids into the chains' names, currencies, USDC contract and explorer.
 *
 * @example
 * toWalletChain({ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }).name // 'Satchel Devnet'
 */
export function toWalletChain({ id, rpcUrl }: { id: number; rpcUrl: string }): WalletChain {
  try {
    const chain = getChain(id)
    return {
      id,
      name: chain.name,
      rpcUrl,
      testnet: chain.testnet,
      nativeSymbol: chain.nativeCurrency.symbol,
      usdcAddress: getUsdcAddress(id),
      explorerUrl: chain.blockExplorers?.default.url,
    }
  } catch {
    // A chain core does not know: shown by id, with no token or explorer rather than a wrong one.
    return {
      id,
      name: `Chain ${id}`,
      rpcUrl,
      testnet: true,
      nativeSymbol: 'ETH',
      usdcAddress: undefined,
      explorerUrl: undefined,
    }
  }
}

/**
 * The chains this wallet is configured for, in the configured order.
 *
 * @example
 * const chains = useWalletChains()
 */
export function useWalletChains(): WalletChain[] {
  const { chains } = useWalletConfig()
  return useMemo(() => chains.map(toWalletChain), [chains])
}
