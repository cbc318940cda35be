import type { SessionTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import { pickStoredSession } from './pickStoredSession'

const peer = { publicKey: 'ab', metadata: { name: 'Phone wallet', description: '', url: '', icons: [] } }
const now = 1_700_000_000_000
const account = 'eip155:1:0x00000000000000000000000000000000000000b0'

function stored(topic: string, expiry: number, accounts = [account]): SessionTypes.Struct {
  return {
    topic,
    pairingTopic: `pairing-${topic}`,
    relay: { protocol: 'irn' },
    expiry,
    acknowledged: true,
    controller: 'cd',
    namespaces: { eip155: { accounts, methods: ['personal_sign'], events: [] } },
    requiredNamespaces: {},
    optionalNamespaces: {},
    self: peer,
    peer,
  }
}

describe('pickStoredSession', () => {
  it('takes up the most recent session that has not expired', () => {
    const picked = pickStoredSession(
      [
        stored('older', now / 1000 + 3600),
        stored('newest', now / 1000 + 7200),
        stored('expired', now / 1000),
      ],
      [1],
      now,
    )
    expect(picked).toMatchObject({
      topic: 'newest',
      pairingTopic: 'pairing-newest',
      accounts: [account.slice('eip155:1:'.length)],
    })
  })

  it('passes over expired sessions and those with no Ethereum account, leaving none to take up', () => {
    expect(
      pickStoredSession(
        [
          stored('expired', now / 1000 - 1),
          stored('solana only', now / 1000 + 3600, [
            'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
          ]),
        ],
        [1],
        now,
      ),
    ).toBeUndefined()
    expect(pickStoredSession([], [1], now)).toBeUndefined()
  })
})
