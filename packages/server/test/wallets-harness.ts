// Helpers for the wallet tests: signed requests with every knob a refusal test needs (expiry,
// idempotency key, signature encoding, a body or URL other than the one sent), and a local chain.
import { sign } from 'node:crypto'
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { deployUsdc, fundAccount, type StartAnvilReturnType, startAnvil } from '@satchel/devchain'
import type { LightMyRequestResponse } from 'fastify'
import { parseEther } from 'viem'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../src/identity/signedRequests/authorizationSignature'
import type { TestServer } from './harness'
import { createWallet, type P256Key, PUBLIC_URL, type SignedInUser, signInWithKey } from './walletRequests'

export type WalletCallOptions = {
  key: P256Key
  body: unknown
  token?: string
  /** The app the request is for (default: the test app, or the Basic credentials' app). */
  appId?: string
  basic?: { appId: string; secret: string }
  /** Unix ms; default: the test clock + 60 s (+ a counter, so equal bodies are distinct requests). */
  expiry?: string | null
  idempotencyKey?: string
  encoding?: 'raw' | 'der'
  /** Sign this body instead of the one sent (a body changed after signing). */
  signedBody?: unknown
  /** Sign this path instead of the one called. */
  signedPath?: string
  /** Send no signature header at all. */
  unsigned?: boolean
  headers?: Record<string, string>
}

let sequence = 0

/** A wallet request as the SDK (or an app server with a delegated key) sends it. */
export function walletCall(
  t: TestServer,
  method: 'POST' | 'PATCH',
  path: string,
  options: WalletCallOptions,
): Promise<LightMyRequestResponse> {
  sequence += 1
  const appId = options.appId ?? options.basic?.appId ?? t.app.id
  const expiry = options.expiry === undefined ? String(t.clock.now + 60_000 + sequence) : options.expiry
  const payload = serializeAuthorizationPayload(
    buildAuthorizationPayload({
      method,
      url: `${PUBLIC_URL}${options.signedPath ?? path}`,
      body: options.signedBody ?? options.body,
      appId,
      expiry: expiry ?? '',
      idempotencyKey: options.idempotencyKey,
    }),
  )
  const signature = sign('sha256', payload, {
    key: options.key.privateKey,
    dsaEncoding: options.encoding === 'der' ? 'der' : 'ieee-p1363',
  }).toString('base64')
  return t.call(method, path, {
    body: options.body,
    appId,
    ...(options.token ? { token: options.token } : {}),
    ...(options.basic ? { origin: null } : {}),
    headers: {
      ...(options.unsigned ? {} : { 'satchel-authorization-signature': signature }),
      ...(expiry === null ? {} : { 'satchel-request-expiry': expiry }),
      ...(options.idempotencyKey ? { 'satchel-idempotency-key': options.idempotencyKey } : {}),
      ...(options.basic
        ? {
            authorization: `Basic ${Buffer.from(`${options.basic.appId}:${options.basic.secret}`).toString('base64')}`,
          }
        : {}),
      ...options.headers,
    },
  })
}

export type LocalChain = StartAnvilReturnType & { usdc: `0x${string}` }

/** An anvil chain (LOCAL_CHAIN_ID) with the devnet USDC deployed, for one test file. */
export async function startLocalChain(): Promise<LocalChain> {
  const chain = await startAnvil({ chainId: LOCAL_CHAIN_ID })
  const { address } = await deployUsdc({ rpcUrl: chain.rpcUrl, chainId: chain.chainId })
  return { ...chain, usdc: address }
}

/** Sends `ether` (a decimal string) of the local chain's coin to `address` from the devnet treasury. */
export async function fundWithEther(chain: LocalChain, address: `0x${string}`, ether: string): Promise<void> {
  await fundAccount({
    rpcUrl: chain.rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    to: address,
    asset: 'native',
    amount: parseEther(ether),
  })
}

export type UserWithWallet = { user: SignedInUser; wallet: { id: string; address: `0x${string}` } }

/**
 * A user signed in as `email` (with a session key) and a new Ethereum wallet of theirs, holding
 * `funds.ether` on `funds.chain` when given.
 *
 * @example
 * const sender = await createUserWithWallet(t, 'ada@example.com', { chain, ether: '1' })
 */
export async function createUserWithWallet(
  t: TestServer,
  email: string,
  funds?: { chain: LocalChain; ether: string },
): Promise<UserWithWallet> {
  const user = await signInWithKey(t, email)
  const { id, address } = await createWallet(t, user.token)
  const wallet = { id, address: address as `0x${string}` }
  if (funds) await fundWithEther(funds.chain, wallet.address, funds.ether)
  return { user, wallet }
}

/** The body of a refusal: `{error, code}` with the status. */
export function refusal(response: LightMyRequestResponse): { status: number; code: string; error: string } {
  const body = response.json()
  return { status: response.statusCode, code: body.code, error: body.error }
}
