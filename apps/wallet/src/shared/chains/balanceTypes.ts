// The shape of the person's balances, shared by Home's data hook and the per-family readers.

/** Which kind of chain an asset lives on: EVM chains share one address, Solana clusters another. */
export type ChainFamily = 'evm' | 'solana'

/** One asset the person holds on one chain: what a row of a token list shows. */
export type AssetBalance = {
  family: ChainFamily
  /** The EVM chain id, or the Solana cluster's CAIP-2 id. */
  chainId: number | string
  chainName: string
  testnet: boolean
  token: 'native' | 'USDC'
  /** `ETH`, `SOL`, `USDC`… */
  symbol: string
  decimals: number
  /** In the token's smallest unit (wei, lamports, USDC's millionths). */
  amount: bigint
  /** The address that holds it (the EVM or the Solana wallet's). */
  owner: string
}

/** One chain's balances (native coin and USDC, and the same as asset rows), or why they could not be read. */
export type ChainBalance =
  | {
      family: ChainFamily
      chainId: number | string
      chainName: string
      status: 'ready'
      native: bigint
      usdc: bigint | undefined
      assets: AssetBalance[]
    }
  | { family: ChainFamily; chainId: number | string; chainName: string; status: 'error'; error: unknown }
