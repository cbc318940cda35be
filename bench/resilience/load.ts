// The steady load of bench/resilience (faults, run.ts) and of its soak (soak.ts): email sign-ins,
// sign-ins that create a wallet, and USDC sends, each a distinct amount, through the balancer, every
// request retried as the SDK does. Every attempt is recorded in `state.phase` (its outcome and time),
// every acknowledged user, wallet and send in `state.acks`, to be checked afterwards.
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { LOCAL_USDC_ADDRESS } from '@satchel/core'
import { encodeFunctionData, erc20Abi } from 'viem'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../../packages/server/src/identity/signedRequests/authorizationSignature'
import { sleep } from './sleep'
import type { MailSink } from './standIns'

export const CHAIN_ID = 84532 // Base Sepolia's id: a chain production accepts, served here by anvil
export const ORIGIN = 'http://localhost:5173'
const RETRY_FOR_MS = 20_000

export type Outcome = 'ack' | 'clean' | 'unclean'
/** One request attempt: when it ended, how long it took, how it ended. */
export type Attempt = { at: number; ms: number; outcome: Outcome; path: string; why?: string }
/** `faultAt`: when the fault began; `strikes`: each moment a part was killed (several for one instance after another). */
export type Phase = {
  fault: string
  startedAt: number
  faultAt: number
  strikes: number[]
  attempts: Attempt[]
}
export type Ack = {
  kind: 'user' | 'wallet' | 'send'
  id: string
  phase: string
  amount?: bigint
  sender?: string
}

/** What the workers share: the phase they record into, what was acknowledged, and the stop flag. */
export const state = {
  phase: { fault: 'warm-up', startedAt: Date.now(), faultAt: Date.now(), strikes: [], attempts: [] } as Phase,
  acks: [] as Ack[],
  stopping: false,
}

export type User = { token: string; key: KeyObject; userId: string }
export type Sender = { user: User; walletId: string; address: `0x${string}`; recipient: `0x${string}` }

export async function loginLoop(api: Api, worker: number): Promise<void> {
  for (let n = 0; !state.stopping; n++) {
    const user = await api.login(`login-${worker}-${n}-${randomBytes(3).toString('hex')}@example.com`)
    if (user) state.acks.push({ kind: 'user', id: user.userId, phase: state.phase.fault })
  }
}

export async function walletLoop(api: Api): Promise<void> {
  for (let n = 0; !state.stopping; n++) {
    const user = await api.login(`wallet-${n}-${randomBytes(3).toString('hex')}@example.com`)
    if (!user) continue
    const wallet = await api.createWallet(user)
    if (wallet) state.acks.push({ kind: 'wallet', id: wallet.id, phase: state.phase.fault })
  }
}

let amounts = 1_000n
export async function sendLoop(api: Api, sender: Sender): Promise<void> {
  while (!state.stopping) {
    amounts += 1n
    const amount = amounts
    const body = {
      method: 'eth_sendTransaction',
      caip2: `eip155:${CHAIN_ID}`,
      params: {
        transaction: {
          to: LOCAL_USDC_ADDRESS,
          value: '0',
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [sender.recipient, amount],
          }),
        },
      },
    }
    const answer = await api.signed(
      sender.user,
      `/api/v1/wallets/${sender.walletId}/rpc`,
      body,
      `send-${amount}`,
    )
    if (answer)
      state.acks.push({
        kind: 'send',
        id: String(answer.data.hash),
        phase: state.phase.fault,
        amount,
        sender: sender.address,
      })
  }
}

export class Api {
  constructor(
    readonly base: string,
    readonly appId: string,
    readonly mail: MailSink,
  ) {}

  /** One request, retried (same body, same idempotency key) on a dropped connection or a 502-504. */
  async request(
    path: string,
    init: { body: unknown; headers?: Record<string, string>; signFor?: User; key?: string },
  ) {
    const deadline = Date.now() + RETRY_FOR_MS
    for (;;) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'satchel-app-id': this.appId,
        origin: ORIGIN,
        ...init.headers,
      }
      if (init.signFor) {
        headers.authorization = `Bearer ${init.signFor.token}`
        const expiry = String(Date.now() + 120_000)
        const payload = serializeAuthorizationPayload(
          buildAuthorizationPayload({
            method: 'POST',
            url: `${this.base}${path}`,
            body: init.body,
            appId: this.appId,
            expiry,
            idempotencyKey: init.key,
          }),
        )
        headers['satchel-authorization-signature'] = sign('sha256', payload, {
          key: init.signFor.key,
          dsaEncoding: 'ieee-p1363',
        }).toString('base64')
        headers['satchel-request-expiry'] = expiry
        if (init.key) headers['satchel-idempotency-key'] = init.key
      }
      let outcome: Outcome
      let json: Record<string, unknown> | undefined
      const sentAt = Date.now()
      try {
        const response = await fetch(`${this.base}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(init.body),
          signal: AbortSignal.timeout(30_000),
        })
        const text = await response.text()
        try {
          json = JSON.parse(text)
        } catch {}
        outcome = response.ok ? 'ack' : json && typeof json.code === 'string' ? 'clean' : 'unclean'
        state.phase.attempts.push({
          at: Date.now(),
          ms: Date.now() - sentAt,
          outcome,
          path,
          ...(outcome !== 'ack' && {
            why: json && typeof json.code === 'string' ? json.code : String(response.status),
          }),
        })
        if (outcome === 'ack') return json
        const retriable = response.status >= 502 || outcome === 'unclean'
        if (!retriable || Date.now() > deadline || state.stopping) return undefined
      } catch {
        state.phase.attempts.push({
          at: Date.now(),
          ms: Date.now() - sentAt,
          outcome: 'unclean',
          path,
          why: 'connection',
        })
        if (Date.now() > deadline || state.stopping) return undefined
      }
      await sleep(250)
    }
  }

  async login(email: string): Promise<User | undefined> {
    const init = await this.request('/api/v1/passwordless/init', { body: { email } })
    if (!init) return undefined
    const code = await this.mail.codeFor(email)
    if (!code) return undefined
    const session = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const { kty, crv, x, y } = session.publicKey.export({ format: 'jwk' })
    const login = await this.request('/api/v1/passwordless/authenticate', {
      body: { email, code, flow_id: init.flow_id, session_public_key: { kty, crv, x, y } },
    })
    if (!login) return undefined
    const user = login.user as { id: string }
    return { token: String(login.token), key: session.privateKey, userId: user.id }
  }

  async createWallet(user: User) {
    const wallet = await this.request('/api/v1/wallets', {
      body: { chain_type: 'ethereum' },
      headers: { authorization: `Bearer ${user.token}` },
    })
    return wallet ? { id: String(wallet.id), address: String(wallet.address) } : undefined
  }

  async signed(user: User, path: string, body: unknown, key: string) {
    return this.request(path, { body, signFor: user, key }) as Promise<{ data: { hash: string } } | undefined>
  }
}
