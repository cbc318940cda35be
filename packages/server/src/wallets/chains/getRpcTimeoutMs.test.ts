import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../platform/config/loadConfig'
import { getRpcTimeoutMs } from './getRpcTimeoutMs'

describe('getRpcTimeoutMs', () => {
  it('gives every chain 10 s unless configured: RPC_TIMEOUT_MS for all, RPC_TIMEOUTS_MS per chain id', () => {
    expect(getRpcTimeoutMs(loadConfig({}), 1)).toBe(10_000)
    const config = loadConfig({ RPC_TIMEOUT_MS: '4000', RPC_TIMEOUTS_MS: '8453=1500,1=20000' })
    expect(getRpcTimeoutMs(config, 8453)).toBe(1500)
    expect(getRpcTimeoutMs(config, 1)).toBe(20_000)
    expect(getRpcTimeoutMs(config, 10)).toBe(4000)
    expect(getRpcTimeoutMs(config)).toBe(4000)
  })

  it('a malformed value stops the server, naming the variable', () => {
    expect(() => loadConfig({ RPC_TIMEOUTS_MS: '8453=0' })).toThrow(
      /RPC_TIMEOUTS_MS: must be chainId=milliseconds/,
    )
    expect(() => loadConfig({ RPC_TIMEOUT_MS: '0' })).toThrow(/RPC_TIMEOUT_MS/)
  })
})
