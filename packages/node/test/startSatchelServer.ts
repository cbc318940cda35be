import { randomBytes } from 'node:crypto'
import { buildApp, createDatabase, loadConfig, type SatchelServer } from '@satchel/server'
import { z } from 'zod'
import type { SignerPrivateKey } from '../src/signers/createSignerKey'

const outboxSchema = z.object({ messages: z.array(z.object({ text: z.string() })) })
const authenticatedSchema = z.object({
  token: z.string(),
  identity_token: z.string(),
  user: z.object({ id: z.string() }),
})

export type SignedInUser = {
  userId: string
  token: string
  identityToken: string
  /** The session's P-256 key, as the SDK makes it: signs the user's own wallet changes. */
  sessionKey: SignerPrivateKey
}

export type TestSatchelServer = {
  url: string
  server: SatchelServer
  /** The server's clock: tests move it to mint tokens that are already expired. */
  clock: { offsetMs: number }
  createApp(name?: string): Promise<{ appId: string; appSecret: string }>
  signIn(appId: string, email: string): Promise<SignedInUser>
  close(): Promise<void>
}

/**
 * A real Satchel server (`@satchel/server`'s public `buildApp`) on loopback with an in-memory PGlite,
 * for testing the package against the tokens and answers the server really makes. Users sign in by
 * email through the dev outbox, each with a session key made with Web Crypto.
 */
export async function startSatchelServer(): Promise<TestSatchelServer> {
  const clock = { offsetMs: 0 }
  const config = loadConfig({
    NODE_ENV: 'test',
    SATCHEL_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SATCHEL_VAULT_KEK: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  })
  const database = await createDatabase({ dataDir: undefined })
  const server = await buildApp(config, {
    db: database,
    logger: false,
    now: () => Date.now() + clock.offsetMs,
  })
  const url = (await server.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1')

  const post = async (appId: string, path: string, body: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'satchel-app-id': appId, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }

  return {
    url,
    server,
    clock,
    async createApp(name = 'Node Test App') {
      const { app, secret } = await server.satchel.apps.createApp({
        name,
        allowedOrigins: ['http://localhost'],
        loginMethods: ['email'],
      })
      return { appId: app.id, appSecret: secret }
    },
    async signIn(appId, email) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])
      const { x, y, d } = await crypto.subtle.exportKey('jwk', pair.privateKey)
      if (!x || !y || !d) throw new Error('Web Crypto made a P-256 key without coordinates')
      const sessionPublicKey = { kty: 'EC' as const, crv: 'P-256' as const, x, y }
      const init = z
        .object({ flow_id: z.string() })
        .parse(await post(appId, '/api/v1/passwordless/init', { email }))
      const outbox = await fetch(`${url}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`, {
        headers: { 'satchel-app-id': appId },
      })
      const { messages } = outboxSchema.parse(await outbox.json())
      const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1]
      const answer = authenticatedSchema.parse(
        await post(appId, '/api/v1/passwordless/authenticate', {
          email,
          code,
          flow_id: init.flow_id,
          session_public_key: sessionPublicKey,
        }),
      )
      return {
        userId: answer.user.id,
        token: answer.token,
        identityToken: answer.identity_token,
        sessionKey: { ...sessionPublicKey, d },
      }
    },
    async close() {
      await server.close()
      await database.close()
    },
  }
}
