import { describe, expect, it } from 'vitest'
import { readSolanaConfig } from './readSolanaConfig'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

describe('readSolanaConfig (which Solana clusters the wallet shows)', () => {
  it('names the devnet’s local cluster as local, with the configured mint and no explorer', () => {
    expect(
      readSolanaConfig({
        caip2: DEVNET,
        rpc_url: 'http://127.0.0.1:8899',
        usdc_mint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
      }),
    ).toEqual([
      {
        caip2: DEVNET,
        name: 'Solana Devnet (local)',
        rpcUrl: 'http://127.0.0.1:8899',
        usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
        testnet: true,
        explorerCluster: undefined,
      },
    ])
  })

  it('takes mainnet with Circle’s mint and the explorer, and nothing when the host configures none', () => {
    const [mainnet] = readSolanaConfig([
      {
        caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'.slice(0, 39),
        rpc_url: 'https://rpc.example.com',
      },
    ])
    expect(mainnet).toMatchObject({
      name: 'Solana',
      usdcMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      testnet: false,
      explorerCluster: 'mainnet-beta',
    })
    expect(readSolanaConfig(undefined)).toEqual([])
  })

  it('refuses an unknown cluster or a missing RPC in words', () => {
    expect(() => readSolanaConfig({ caip2: 'solana:nope', rpc_url: 'http://127.0.0.1:8899' })).toThrow(
      'The wallet configuration solana 0 needs a known caip2 and an rpc_url',
    )
    expect(() => readSolanaConfig([{ caip2: DEVNET }])).toThrow('solana 0 needs')
  })
})
