import { describe, expect, it } from 'vitest'
import type { WalletNetwork } from '../../shared/chains/useWalletNetworks'
import { describeReceive } from './describeReceive'

const solana: WalletNetwork = {
  family: 'solana',
  key: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet (local)',
  nativeSymbol: 'SOL',
  cluster: {
    caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet (local)',
    rpcUrl: 'http://127.0.0.1:8899',
    usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
    testnet: true,
    explorerCluster: undefined,
  },
}
const base: WalletNetwork = {
  family: 'evm',
  key: '8453',
  name: 'Base',
  nativeSymbol: 'ETH',
  chain: {
    id: 8453,
    name: 'Base',
    rpcUrl: 'https://mainnet.base.org',
    testnet: false,
    nativeSymbol: 'ETH',
    usdcAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    explorerUrl: 'https://basescan.org',
  },
}

describe('describeReceive (what Receive shows for the chosen chain)', () => {
  it('puts the Solana address in a Solana Pay link and says it is not the EVM address', () => {
    const shown = describeReceive(solana, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    expect(shown.uri).toBe('solana:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    expect(shown.hint).toContain('Send only SOL or USDC on Solana Devnet (local)')
    expect(shown.hint).toContain('it is not the address of your EVM wallet')
  })

  it('puts the EVM address in an EIP-681 link with the chain id', () => {
    expect(describeReceive(base, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8').uri).toBe(
      'ethereum:0x70997970C51812dc3A010C7d01b50e0d17dc79C8@8453',
    )
  })
})
