import { describe, expect, it } from 'vitest'
import { describeChain } from './describeChain'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

describe('describeChain', () => {
  it('names a Solana cluster as this wallet is configured for it, else as core does', () => {
    expect(describeChain(DEVNET, [{ caip2: DEVNET, name: 'Solana Devnet (local)' }])).toBe(
      'Solana Devnet (local)',
    )
    expect(describeChain(DEVNET)).toBe('Solana Devnet')
    expect(describeChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('Solana')
  })

  it('names EVM chains by id, and shows anything else as it is', () => {
    expect(describeChain('eip155:8453')).toBe('Base')
    expect(describeChain('eip155:999999999999')).toBe('Chain 999999999999')
    expect(describeChain('solana:unknown')).toBe('solana:unknown')
  })
})
