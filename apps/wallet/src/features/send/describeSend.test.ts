import { describe, expect, it } from 'vitest'
import type { SolanaCluster } from '../../shared/chains/solana/readSolanaConfig'
import { describeSend } from './describeSend'

const cluster = (explorerCluster: string | undefined): SolanaCluster => ({
  caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  rpcUrl: 'https://api.devnet.solana.com',
  usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  testnet: true,
  explorerCluster,
})
const solana = { family: 'solana', to: 'x', idempotencyKey: 'k' } as const

describe('describeSend (what the status screen says was sent)', () => {
  it('writes SOL in its 9 decimals and USDC in 6, with Solana’s explorer for the cluster', () => {
    expect(
      describeSend({ ...solana, cluster: cluster('devnet'), asset: 'native', amount: 10_000_000n }, 'sig'),
    ).toEqual({
      amountLabel: '0.01 SOL',
      symbol: 'SOL',
      chainName: 'Solana Devnet',
      explorerUrl: 'https://explorer.solana.com/tx/sig?cluster=devnet',
    })
    expect(
      describeSend(
        { ...solana, cluster: cluster('mainnet-beta'), asset: 'USDC', amount: 12_500_000n },
        'sig',
      ),
    ).toMatchObject({ amountLabel: '12.5 USDC', explorerUrl: 'https://explorer.solana.com/tx/sig' })
  })

  it('links no explorer for a local cluster', () => {
    expect(
      describeSend({ ...solana, cluster: cluster(undefined), asset: 'USDC', amount: 1n }, 'sig').explorerUrl,
    ).toBeUndefined()
  })
})
