import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRemoteVault } from './createRemoteVault'
import { runVaultProcess } from './runVaultProcess'

describe('runVaultProcess', () => {
  let dir: string
  const kek = randomBytes(32).toString('hex')
  const secret = randomBytes(32).toString('hex')
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'satchel-vault-process-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('starts the vault on the socket the environment names', async () => {
    const socketPath = join(dir, 'vault.sock')
    const lines: string[] = []
    const server = await runVaultProcess(
      { SATCHEL_VAULT_KEK: kek, SATCHEL_VAULT_SECRET: secret, SATCHEL_VAULT_SOCKET: socketPath },
      { log: (line) => lines.push(line) },
    )
    try {
      expect(lines).toEqual([`Satchel vault listening on ${socketPath}`])
      const vault = createRemoteVault({ socketPath, sharedSecret: secret })
      const shares = { rootId: 'wallet_1', ...(await vault.createRoot({ rootId: 'wallet_1' })) }
      expect((await vault.getAccount({ ...shares, chainType: 'ethereum', index: 0 })).address).toMatch(/^0x/)
    } finally {
      await server.close()
    }
  })

  it('starts on a loopback port', async () => {
    const port = await findFreePort()
    const server = await runVaultProcess(
      { SATCHEL_VAULT_KEK: kek, SATCHEL_VAULT_SECRET: secret, SATCHEL_VAULT_PORT: String(port) },
      { log: () => {}, handleSignals: false },
    )
    try {
      expect(server.address).toBe(`http://127.0.0.1:${port}`)
    } finally {
      await server.close()
    }
  })

  const good = { SATCHEL_VAULT_KEK: kek, SATCHEL_VAULT_SECRET: secret, SATCHEL_VAULT_SOCKET: '/tmp/x.sock' }
  it.each([
    [
      { ...good, SATCHEL_VAULT_KEK: undefined },
      'SATCHEL_VAULT_KEK must be 64 hexadecimal characters (32 bytes)',
    ],
    [
      { ...good, SATCHEL_VAULT_KEK: kek.slice(1) },
      'SATCHEL_VAULT_KEK must be 64 hexadecimal characters (32 bytes)',
    ],
    [
      { ...good, SATCHEL_VAULT_KEK: `${kek.slice(1)}g` },
      'SATCHEL_VAULT_KEK must be 64 hexadecimal characters (32 bytes)',
    ],
    [{ ...good, SATCHEL_VAULT_SECRET: undefined }, 'SATCHEL_VAULT_SECRET must be at least 32 characters'],
    [{ ...good, SATCHEL_VAULT_SECRET: 'hunter2' }, 'SATCHEL_VAULT_SECRET must be at least 32 characters'],
    [
      { ...good, SATCHEL_VAULT_SOCKET: undefined },
      'SATCHEL_VAULT_SOCKET (a Unix socket path) or SATCHEL_VAULT_PORT (a loopback port) is required',
    ],
    [
      { ...good, SATCHEL_VAULT_PORT: '8800' },
      'Set either SATCHEL_VAULT_SOCKET or SATCHEL_VAULT_PORT, not both',
    ],
    [
      { ...good, SATCHEL_VAULT_SOCKET: undefined, SATCHEL_VAULT_PORT: '70000' },
      'SATCHEL_VAULT_PORT must be a port number from 1 to 65535',
    ],
    [
      { ...good, SATCHEL_VAULT_SOCKET: undefined, SATCHEL_VAULT_PORT: 'eighty' },
      'SATCHEL_VAULT_PORT must be a port number from 1 to 65535',
    ],
  ])('refuses a bad environment with an error naming the variable (%#)', async (env, message) => {
    const error = await runVaultProcess(env, { log: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error).toHaveProperty('message', message)
    // The values themselves never appear.
    expect(String(error)).not.toContain(kek.slice(1, 20))
    expect(String(error)).not.toContain('hunter2')
  })
})

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
