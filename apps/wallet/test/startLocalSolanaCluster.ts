import { startSolanaCluster } from '@satchel/devchain'
import {
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  partiallySignTransaction,
  type Signature,
} from '@solana/kit'
import type { SolanaCluster } from '../src/shared/chains/solana/readSolanaConfig'

export type LocalSolanaCluster = Awaited<ReturnType<typeof startSolanaCluster>> & {
  /** The cluster as the wallet sees it when the devnet configures it (local: no explorer). */
  solana: SolanaCluster
  /**
   * Signs a transaction the wallet built (base64 wire form) with `keyPair`, as the embedded wallet
   * would, and sends it; answers its signature. `skipPreflight` lets a failing one land, fee paid.
   */
  sendSigned: (
    transaction: string,
    keyPair: CryptoKeyPair,
    options?: { skipPreflight?: boolean },
  ) => Promise<Signature>
}

/**
 * Starts the devchain's local Solana cluster (LiteSVM behind JSON-RPC: the same program checks and RPC
 * answers as a real cluster) for a test of what the wallet builds or reads. Close it after.
 *
 * @example
 * const cluster = await startLocalSolanaCluster()
 * await readSolanaActivity({ cluster: cluster.solana, owner, recorded: [] })
 * cluster.close()
 */
export async function startLocalSolanaCluster(): Promise<LocalSolanaCluster> {
  const cluster = await startSolanaCluster({})
  return {
    ...cluster,
    solana: {
      caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Solana Devnet (local)',
      rpcUrl: cluster.rpcUrl,
      usdcMint: cluster.mint,
      testnet: true,
      explorerCluster: undefined,
    },
    async sendSigned(transaction, keyPair, { skipPreflight = false } = {}) {
      const decoded = getTransactionDecoder().decode(Buffer.from(transaction, 'base64'))
      const signed = await partiallySignTransaction([keyPair], decoded)
      return createSolanaRpc(cluster.rpcUrl)
        .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', skipPreflight })
        .send()
    },
  }
}
