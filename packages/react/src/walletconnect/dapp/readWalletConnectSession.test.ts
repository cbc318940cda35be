import type { SessionTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import { readWalletConnectSession } from './readWalletConnectSession'

const peer = (metadata: SessionTypes.Struct['peer']['metadata']) => ({ publicKey: 'ab', metadata })

function session(accounts: string[], chains?: string[]): SessionTypes.Struct {
  return {
    topic: 'session-topic',
    pairingTopic: 'pairing-topic',
    relay: { protocol: 'irn' },
    expiry: 1_700_000_000,
    acknowledged: true,
    controller: 'cd',
    namespaces: { eip155: { accounts, methods: ['personal_sign'], events: [], ...(chains && { chains }) } },
    requiredNamespaces: {},
    optionalNamespaces: {},
    self: peer({ name: 'App', description: '', url: 'http://localhost', icons: [] }),
    peer: peer({ name: 'Phone wallet', description: 'A wallet', url: 'https://wallet.example', icons: [] }),
  }
}

describe('readWalletConnectSession', () => {
  it('keeps only well-formed EVM accounts from the wallet, each address once, chains in the app’s order', () => {
    const read = readWalletConnectSession(
      session([
        'eip155:8453:0x00000000000000000000000000000000000000b0',
        'eip155:1:0x00000000000000000000000000000000000000B0',
        'eip155:1:0x1234',
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
        'eip155:1:0x00000000000000000000000000000000000000c0<script>',
      ]),
      [1, 8453],
    )
    expect(read).toEqual({
      topic: 'session-topic',
      pairingTopic: 'pairing-topic',
      accounts: ['0x00000000000000000000000000000000000000b0'],
      chains: [1, 8453],
      methods: ['personal_sign'],
      peer: { name: 'Phone wallet', description: 'A wallet', url: 'https://wallet.example', icons: [] },
      expiresAt: 1_700_000_000_000,
    })
  })

  it('counts chains the wallet approved without an account on them', () => {
    expect(
      readWalletConnectSession(
        session(['eip155:10:0x00000000000000000000000000000000000000b0'], ['eip155:42161']),
        [10],
      ).chains,
    ).toEqual([10, 42161])
  })
})
