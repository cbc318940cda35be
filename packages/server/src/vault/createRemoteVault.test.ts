import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRemoteVault } from './createRemoteVault'
import { type CreateVaultServerReturnType, createVaultServer } from './createVaultServer'
import { VaultError } from './VaultError'

describe('createRemoteVault', () => {
  const sharedSecret = randomBytes(32).toString('hex')
  let dir: string
  let server: CreateVaultServerReturnType

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'satchel-remote-vault-'))
    server = await createVaultServer({
      keyEncryptionKey: new Uint8Array(randomBytes(32)),
      sharedSecret,
      socketPath: join(dir, 'vault.sock'),
    })
  })
  afterAll(async () => {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('turns a refusal for a wrong secret into VaultError unauthorized', async () => {
    const vault = createRemoteVault({
      socketPath: server.address,
      sharedSecret: randomBytes(32).toString('hex'),
    })
    const error = await vault.createRoot({ rootId: 'wallet_1' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(VaultError)
    expect(error).toMatchObject({
      code: 'unauthorized',
      message: 'Missing or invalid vault secret',
      status: 401,
    })
  })

  it('reports a vault that is not running as vault_unavailable', async () => {
    const vault = createRemoteVault({ socketPath: join(dir, 'nobody.sock'), sharedSecret })
    await expect(vault.createRoot({ rootId: 'wallet_1' })).rejects.toMatchObject({
      code: 'vault_unavailable',
      message: 'The vault cannot be reached',
    })
  })

  it('reuses its connection across calls', async () => {
    const vault = createRemoteVault({ socketPath: server.address, sharedSecret })
    const shares = { rootId: 'wallet_2', ...(await vault.createRoot({ rootId: 'wallet_2' })) }
    const answers = []
    for (let i = 0; i < 20; i++)
      answers.push(await vault.getAccount({ ...shares, chainType: 'ethereum', index: 0 }))
    expect(new Set(answers.map((answer) => answer.address)).size).toBe(1)
  })

  it.each(['https://127.0.0.1:8800', 'http://10.0.0.5:8800', 'http://vault.internal:8800'])(
    'refuses %s: the secret must not leave the machine in the clear',
    (url) => {
      expect(() => createRemoteVault({ url, sharedSecret })).toThrow(
        'The vault URL must be http:// on a loopback address (127.0.0.1, localhost or [::1])',
      )
    },
  )
})
