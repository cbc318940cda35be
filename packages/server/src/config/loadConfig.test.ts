import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './loadConfig'

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
      SATCHEL_VAULT_SECRET: 's'.repeat(20),
    })
    expect(config.vault).toMatchObject({ mode: 'remote', socketPath: '/tmp/vault.sock' })
  })
})
