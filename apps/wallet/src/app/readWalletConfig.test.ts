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
      solana: [],
      outboxUrl: 'http://localhost:8787/outbox',
    })
  })

  it('reads the WalletConnect relay and project id, and names what is wrong with them', () => {
    const base = { app_id: 'app_1' }
    expect(
      readWalletConfig(
        { ...base, walletconnect: { project_id: 'p1', relay_url: 'ws://127.0.0.1:8790' } },
        origin,
      ).walletConnect,
    ).toEqual({ projectId: 'p1', relayUrl: 'ws://127.0.0.1:8790' })
    expect(readWalletConfig(base, origin).walletConnect).toBeUndefined()
    expect(() => readWalletConfig({ ...base, walletconnect: { relay_url: 'ws://x' } }, origin)).toThrow(
      'The wallet configuration walletconnect needs a project_id',
    )
    expect(() =>
      readWalletConfig({ ...base, walletconnect: { project_id: 'p1', relay_url: 'http://x' } }, origin),
    ).toThrow('The wallet configuration walletconnect needs a ws:// or wss:// relay_url')
  })

  it('reads the USD prices the host serves by symbol, and refuses one that is not a positive number', () => {
    const base = { app_id: 'app_1' }
    expect(readWalletConfig({ ...base, prices: { eth: 3000, SOL: 150.5 } }, origin).prices).toEqual({
      ETH: 3000,
      SOL: 150.5,
    })
    expect(readWalletConfig(base, origin).prices).toBeUndefined()
    expect(() => readWalletConfig({ ...base, prices: { ETH: '3000' } }, origin)).toThrow(
      'The wallet configuration price of ETH is not a positive number',
    )
    expect(() => readWalletConfig({ ...base, prices: [1] }, origin)).toThrow(
      'The wallet configuration prices is not a JSON object',
    )
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
