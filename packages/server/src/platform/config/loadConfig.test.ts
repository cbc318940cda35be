import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './loadConfig'

/** The least a production start needs. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SATCHEL_ENCRYPTION_KEY: 'ab'.repeat(32),
  SATCHEL_VAULT_KEK: 'cd'.repeat(32),
  REDIS_URL: 'redis://127.0.0.1:6379',
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8787)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toBe('./.satchel')
    expect(config.accessTokenTtlSeconds).toBe(3600)
    expect(config.vault.mode).toBe('local')
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
    expect(() => loadConfig({ SATCHEL_ENCRYPTION_KEY: 'abc' })).toThrow(/SATCHEL_ENCRYPTION_KEY/)
  })

  it('never echoes a secret value back in the error', () => {
    const secret = 'zz'.repeat(32)
    try {
      loadConfig({ SATCHEL_ENCRYPTION_KEY: secret })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      expect(String(error)).not.toContain(secret)
    }
  })

  it('requires keys in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SATCHEL_ENCRYPTION_KEY: required in production/,
    )
    expect(() => loadConfig({ NODE_ENV: 'production', SATCHEL_ENCRYPTION_KEY: 'ab'.repeat(32) })).toThrow(
      /SATCHEL_VAULT_KEK/,
    )
  })

  it('asks for the whole SMS provider configuration or none of it', () => {
    expect(() => loadConfig({ SMS_API_URL: 'http://127.0.0.1:9/sms' })).toThrow(/SMS_ACCOUNT_SID/)
  })

  it('selects a remote vault only with its shared secret', () => {
    expect(() => loadConfig({ SATCHEL_VAULT_SOCKET: '/tmp/vault.sock' })).toThrow(/SATCHEL_VAULT_SECRET/)
    const config = loadConfig({
      SATCHEL_VAULT_SOCKET: '/tmp/vault.sock',
      SATCHEL_VAULT_SECRET: 's'.repeat(32),
    })
    expect(config.vault).toMatchObject({ mode: 'remote', socketPath: '/tmp/vault.sock' })
  })

  it('offers an onramp only when it is configured, and the sandbox by default in development only', () => {
    const none = loadConfig({ NODE_ENV: 'test' }).funding
    expect(none).toEqual({
      coinbase: undefined,
      moonpay: { production: undefined, sandbox: undefined },
      sandbox: undefined,
    })
    expect(loadConfig({}).funding.sandbox).toEqual({
      url: 'http://127.0.0.1:8791',
      webhookSecret: 'satchel-devnet-sandbox-onramp',
    })
    const moonpay = loadConfig({
      MOONPAY_SANDBOX_PUBLISHABLE_KEY: 'pk_test_a',
      MOONPAY_SANDBOX_SECRET_KEY: 'sk_test_a',
    }).funding.moonpay
    expect(moonpay.sandbox).toMatchObject({
      widgetUrl: 'https://buy-sandbox.moonpay.com',
      apiUrl: 'https://api.moonpay.com',
    })
    expect(moonpay.production).toBeUndefined()
  })

  it('names the onramp variable that is wrong, without echoing keys', () => {
    expect(() =>
      loadConfig({ MOONPAY_PUBLISHABLE_KEY: 'pk_test_a', MOONPAY_SECRET_KEY: 'sk_live_a' }),
    ).toThrow(/MOONPAY_PUBLISHABLE_KEY: must start with pk_live_/)
    expect(() => loadConfig({ MOONPAY_SECRET_KEY: 'sk_live_a' })).toThrow(
      /MOONPAY_PUBLISHABLE_KEY and MOONPAY_SECRET_KEY: set both or neither/,
    )
    const secret = 'c2VjcmV0LW5vdC1hLWtleQ=='
    expect(() => loadConfig({ COINBASE_CDP_KEY_ID: 'k', COINBASE_CDP_PRIVATE_KEY: secret })).toThrow(
      /COINBASE_CDP_PRIVATE_KEY: must be a PEM EC \(P-256\) or Ed25519 private key/,
    )
    expect(() => loadConfig({ COINBASE_CDP_KEY_ID: 'k', COINBASE_CDP_PRIVATE_KEY: secret })).not.toThrow(
      secret,
    )
    expect(() => loadConfig({ SANDBOX_ONRAMP_URL: 'http://127.0.0.1:8791', NODE_ENV: 'test' })).toThrow(
      /SANDBOX_ONRAMP_WEBHOOK_SECRET: required/,
    )
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        SANDBOX_ONRAMP_URL: 'http://127.0.0.1:8791',
        SANDBOX_ONRAMP_WEBHOOK_SECRET: 'sandbox-webhook-secret',
      }),
    ).toThrow(/SANDBOX_ONRAMP_URL: the sandbox onramp takes test cards and is refused in production/)
  })

  it('refuses production without Redis, unless one instance is declared', () => {
    const { REDIS_URL: _, ...noRedis } = PRODUCTION
    expect(() => loadConfig(noRedis)).toThrow(
      'REDIS_URL: required in production, so that rate limits, one-time codes and nonce locks hold across API instances; set SATCHEL_SINGLE_INSTANCE=true if exactly one API process will ever serve this database',
    )
    expect(loadConfig({ ...noRedis, SATCHEL_SINGLE_INSTANCE: 'true' }).redisUrl).toBeUndefined()
    expect(loadConfig(PRODUCTION).redisUrl).toBe('redis://127.0.0.1:6379')
  })

  it('refuses the same key as encryption key and vault KEK, whatever the case of its hex', () => {
    const key = 'ab'.repeat(32)
    for (const env of [{ NODE_ENV: 'production', REDIS_URL: 'redis://r' }, {}])
      expect(() =>
        loadConfig({ ...env, SATCHEL_ENCRYPTION_KEY: key, SATCHEL_VAULT_KEK: key.toUpperCase() }),
      ).toThrow(
        'SATCHEL_ENCRYPTION_KEY and SATCHEL_VAULT_KEK: must be different secrets (one stolen value would open what both protect)',
      )
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        METRICS_TOKEN: 'a'.repeat(40),
        SATCHEL_VAULT_SECRET: 'a'.repeat(40),
        SATCHEL_VAULT_SOCKET: '/s',
      }),
    ).toThrow(/SATCHEL_VAULT_SECRET and METRICS_TOKEN: must be different secrets/)
  })

  it('refuses TRUST_PROXY=true in production, and takes a hop count or proxy addresses', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY: true believes every X-Forwarded-For hop, so any client can choose its address; give the number of proxies in front of Satchel (1) or their addresses (10.0.0.0/8) instead',
    )
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ])
    expect(loadConfig({ ...PRODUCTION }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '1.2.3.4/8/2', '::1/129'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY: must be false, a hop count/)
  })

  it('refuses the devnet chains and their sandbox onramp in production', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION, RPC_URLS: '1=https://eth.example,31337=http://127.0.0.1:8545' }),
    ).toThrow('RPC_URLS: chain 31337 is a local devnet chain and is refused in production')
    expect(() => loadConfig({ ...PRODUCTION, RPC_URLS: '31338=https://x.example' })).toThrow(/chain 31338/)
    expect(loadConfig({ RPC_URLS: '31337=http://127.0.0.1:8545' }).rpcUrls.get(31337)).toBe(
      'http://127.0.0.1:8545',
    )
  })

  it('asks for a long metrics token', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    )
  })
})
