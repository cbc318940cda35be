import { describe, expect, it } from 'vitest'
import { readWalletConfig } from './readWalletConfig'

const origin = 'http://localhost:8787'

describe('readWalletConfig (what the hosting server injects)', () => {
  it('reads the app, the chains and the outbox, using the page origin as the API by default', () => {
    expect(
      readWalletConfig(
        {
          app_id: 'app_1',
          chains: [{ id: 31337, rpc_url: 'http://127.0.0.1:8545' }],
          outbox_url: 'http://localhost:8787/outbox',
        },
        origin,
      ),
    ).toEqual({
      appId: 'app_1',
      serverUrl: origin,
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
      outboxUrl: 'http://localhost:8787/outbox',
    })
  })

  it('fails with a sentence naming what is wrong instead of a blank page', () => {
    expect(() => readWalletConfig({}, origin)).toThrow('The wallet configuration has no app_id')
    expect(() => readWalletConfig({ app_id: 'app_1', server_url: 'ftp://x' }, origin)).toThrow(
      'The wallet configuration has no valid server_url',
    )
    expect(() => readWalletConfig({ app_id: 'app_1', chains: [{ id: 1 }] }, origin)).toThrow(
      'The wallet configuration chain 0 needs an id and an rpc_url',
    )
  })
})
