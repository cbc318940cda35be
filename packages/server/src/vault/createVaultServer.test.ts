import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { lstat, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRemoteVault } from './createRemoteVault'
import { type CreateVaultServerReturnType, createVaultServer } from './createVaultServer'
import type { KeyShares } from './types'
import { encodeWire } from './wire'

const keyEncryptionKey = new Uint8Array(randomBytes(32))
const sharedSecret = randomBytes(32).toString('hex')

type Answer = { status: number; text: string }

function post(
  target: { socketPath: string } | { port: number },
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        ...('socketPath' in target
          ? { socketPath: target.socketPath }
          : { host: '127.0.0.1', port: target.port }),
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('createVaultServer', () => {
  let dir: string
  let socketPath: string
  let server: CreateVaultServerReturnType
  let shares: KeyShares

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'satchel-vault-server-'))
    socketPath = join(dir, 'vault.sock')
    server = await createVaultServer({ keyEncryptionKey, sharedSecret, socketPath })
    const vault = createRemoteVault({ socketPath, sharedSecret })
    shares = { rootId: 'wallet_1', ...(await vault.createRoot({ rootId: 'wallet_1' })) }
  })
  afterAll(async () => {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  })

  const signBody = () =>
    encodeWire({
      ...shares,
      chainType: 'ethereum',
      index: 0,
      request: { method: 'personal_sign', message: Uint8Array.of(1, 2, 3) },
    })
  const shareTexts = () => [
    Buffer.from(shares.sealedVaultShare).toString('base64'),
    Buffer.from(shares.authShare).toString('base64'),
  ]

  it('listens on an owner-only Unix socket', async () => {
    expect(server.address).toBe(socketPath)
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600)
  })

  it.each([
    ['no secret', {}],
    ['a wrong secret', { 'satchel-vault-secret': randomBytes(32).toString('hex') }],
    ['a prefix of the secret', { 'satchel-vault-secret': sharedSecret.slice(0, 10) }],
  ])('refuses a request with %s: 401 {error, code} and nothing else', async (_, headers) => {
    const answer = await post({ socketPath }, '/v1/sign', signBody(), headers)
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.text)).toEqual({
      error: 'Missing or invalid vault secret',
      code: 'unauthorized',
    })
    for (const share of shareTexts()) expect(answer.text).not.toContain(share)
  })

  it('answers a request with the secret', async () => {
    const answer = await post({ socketPath }, '/v1/sign', signBody(), {
      'satchel-vault-secret': sharedSecret,
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toMatchObject({
      method: 'personal_sign',
      signature: expect.stringMatching(/^0x/),
    })
  })

  it('answers a refused signature with the error only, never the shares', async () => {
    const tampered = Uint8Array.from(shares.authShare)
    tampered[0] = (tampered[0] ?? 0) ^ 1
    const body = encodeWire({
      ...shares,
      authShare: tampered,
      chainType: 'ethereum',
      index: 0,
      request: { method: 'personal_sign', message: Uint8Array.of(1) },
    })
    const answer = await post({ socketPath }, '/v1/sign', body, { 'satchel-vault-secret': sharedSecret })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toEqual({
      error: 'The key shares do not belong together',
      code: 'invalid_key_shares',
    })
  })

  it.each([
    ['/v1/sign', 'not json', 400, { error: 'The request body is not valid JSON', code: 'invalid_request' }],
    ['/v1/sign', '{"rootId":"x"}', 400, { code: 'invalid_request' }],
    [
      '/v1/get-account',
      encodeWire({ rootId: 'x', chainType: 'ethereum', index: 0 }),
      400,
      { code: 'invalid_request' },
    ],
    ['/v1/unknown', '{}', 404, { error: 'Not found', code: 'not_found' }],
  ])('answers POST %s %s with %i', async (path, body, status, expected) => {
    const answer = await post({ socketPath }, path, body, { 'satchel-vault-secret': sharedSecret })
    expect(answer.status).toBe(status)
    expect(JSON.parse(answer.text)).toMatchObject(expected)
  })

  it('names the missing fields without echoing values', async () => {
    const answer = await post(
      { socketPath },
      '/v1/get-account',
      encodeWire({ rootId: 'x', chainType: 'ethereum', index: 0 }),
      {
        'satchel-vault-secret': sharedSecret,
      },
    )
    expect(JSON.parse(answer.text)).toEqual({
      error: 'Invalid vault request: sealedVaultShare, authShare',
      code: 'invalid_request',
    })
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const answer = await post({ socketPath }, '/v1/sign', 'x'.repeat(1024 * 1024 + 1), {
      'satchel-vault-secret': sharedSecret,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.text)).toEqual({ error: 'Request body is too large', code: 'payload_too_large' })
  })

  it('refuses a shared secret shorter than 32 characters', async () => {
    await expect(
      createVaultServer({ keyEncryptionKey, sharedSecret: 'short', socketPath: join(dir, 'other.sock') }),
    ).rejects.toThrow('The vault shared secret must be at least 32 characters')
  })

  it('replaces the stale socket of a killed vault, refuses a live one, and removes its socket on close', async () => {
    const stalePath = join(dir, 'stale.sock')
    // A vault killed with SIGKILL leaves its socket file behind.
    const child = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(stalePath)}, () => console.log('up'))`,
    ])
    await new Promise((resolve) => child.stdout.once('data', resolve))
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    expect((await lstat(stalePath)).isSocket()).toBe(true)

    const second = await createVaultServer({ keyEncryptionKey, sharedSecret, socketPath: stalePath })
    await expect(
      createVaultServer({ keyEncryptionKey, sharedSecret, socketPath: stalePath }),
    ).rejects.toThrow(`Another process is listening on ${stalePath}`)
    await second.close()
    await expect(lstat(stalePath)).rejects.toThrow()
  })

  it('never deletes a file that is not a socket', async () => {
    const filePath = join(dir, 'not-a-socket')
    await writeFile(filePath, 'keep me')
    await expect(createVaultServer({ keyEncryptionKey, sharedSecret, socketPath: filePath })).rejects.toThrow(
      `${filePath} exists and is not a socket`,
    )
    expect(await readFile(filePath, 'utf8')).toBe('keep me')
  })

  it('listens on loopback only when given a port, and the remote vault reaches it by URL', async () => {
    const tcp = await createVaultServer({ keyEncryptionKey, sharedSecret, port: 0 })
    try {
      expect(tcp.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const vault = createRemoteVault({ url: tcp.address, sharedSecret })
      const account = await vault.getAccount({ ...shares, chainType: 'solana', index: 0 })
      expect(account.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      const answer = await post({ port: Number(new URL(tcp.address).port) }, '/v1/sign', signBody())
      expect(answer.status).toBe(401)
    } finally {
      await tcp.close()
    }
  })
})
