import { generateKeyPairSync, type KeyObject } from 'node:crypto'

/** A signed-in benchmark user: the headers of its calls, its EVM wallet and its session's private key. */
export type BenchUser = { bearer: Record<string, string>; walletId: string; key: KeyObject }

/** One request over a benchmark's set-up connection, answered with the response's text. */
export type BenchCall = (
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<{ body: string }>

/**
 * Signs `email` in to the app by email code (read from the development outbox) with a new P-256
 * session key, as the SDK does, and creates the user's EVM wallet.
 *
 * @example
 * const user = await signInBenchUser(call, app.id, 'signer-1@example.com')
 */
export async function signInBenchUser(call: BenchCall, appId: string, email: string): Promise<BenchUser> {
  const appHeaders = { 'satchel-app-id': appId }
  const session = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { kty, crv, x, y } = session.publicKey.export({ format: 'jwk' })
  const init = await call('POST', '/api/v1/passwordless/init', { email }, appHeaders)
  const outbox = JSON.parse((await call('GET', `/api/v1/dev/outbox?to=${email}`, undefined, appHeaders)).body)
  const code = /\b(\d{6})\b/.exec(outbox.messages[0].text)?.[1]
  const login = await call(
    'POST',
    '/api/v1/passwordless/authenticate',
    { email, code, flow_id: JSON.parse(init.body).flow_id, session_public_key: { kty, crv, x, y } },
    appHeaders,
  )
  const bearer = { ...appHeaders, authorization: `Bearer ${JSON.parse(login.body).token}` }
  const wallet = JSON.parse((await call('POST', '/api/v1/wallets', { chain_type: 'ethereum' }, bearer)).body)
  return { bearer, walletId: String(wallet.id), key: session.privateKey }
}
