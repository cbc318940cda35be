import { address, type Blockhash, createSolanaRpc, type TransactionMessageBytesBase64 } from '@solana/kit'
import type { SolanaCluster } from './readSolanaConfig'

/** The size of an SPL token account: its rent deposit is what creating a recipient's account costs. */
export const TOKEN_ACCOUNT_SIZE = 165n

export type SolanaReader = {
  /** In lamports. */
  getSolBalance(owner: string): Promise<bigint>
  /** In USDC's smallest unit, over every USDC token account of the owner; undefined without a mint. */
  getUsdcBalance(owner: string): Promise<bigint | undefined>
  /** Whether an account exists (a recipient's token account, before sending them tokens). */
  hasAccount(at: string): Promise<boolean>
  getLatestBlockhash(): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }>
  /** What the cluster charges for a compiled message (base64), in lamports. */
  getFeeForMessage(message: TransactionMessageBytesBase64): Promise<bigint | undefined>
  /** The deposit that keeps a new account of `space` bytes alive (165 for a token account), in lamports. */
  getRentExemptMinimum(space: bigint): Promise<bigint>
}

/**
 * Reads a Solana cluster over its JSON-RPC with `@solana/kit` (straight from the browser, as the EVM
 * chains are read): SOL and USDC balances, whether an account exists, blockhash, fee and rent.
 *
 * @example
 * const reader = createSolanaReader(cluster)
 * await reader.getUsdcBalance(owner) // 25_000_000n (25 USDC)
 */
export function createSolanaReader(cluster: SolanaCluster): SolanaReader {
  const rpc = createSolanaRpc(cluster.rpcUrl)
  return {
    async getSolBalance(owner) {
      const { value } = await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()
      return value
    },
    async getUsdcBalance(owner) {
      if (!cluster.usdcMint) return undefined
      const { value } = await rpc
        .getTokenAccountsByOwner(
          address(owner),
          { mint: address(cluster.usdcMint) },
          { encoding: 'jsonParsed', commitment: 'confirmed' },
        )
        .send()
      // A person may hold USDC in more than one token account; the balance is their sum.
      return value.reduce((sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount), 0n)
    },
    async hasAccount(at) {
      const { value } = await rpc
        .getAccountInfo(address(at), { encoding: 'base64', commitment: 'confirmed' })
        .send()
      return value !== null
    },
    async getLatestBlockhash() {
      const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
      return value
    },
    async getFeeForMessage(message) {
      const { value } = await rpc.getFeeForMessage(message, { commitment: 'confirmed' }).send()
      return value ?? undefined
    },
    async getRentExemptMinimum(space) {
      return rpc.getMinimumBalanceForRentExemption(space).send()
    },
  }
}
