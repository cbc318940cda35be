// Loopback stand-ins for the onramp providers' APIs. Neither provider is reachable from CI, so these
// check requests the way the real services do (CDP JWT signature, `uris`, expiry, header kid/nonce;
// MoonPay's URL signature and apiKey) and refuse bad ones with the provider's own status codes.
import { createHmac, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyMoonpayUrlSignature } from '@satchel/core'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import type { TestServer } from './harness'

type Answer = { status: number; body: unknown; type?: string }
type Handler = (request: IncomingMessage, body: string, url: URL) => Answer | Promise<Answer>

async function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`)
      Promise.resolve()
        .then(() => handler(request, Buffer.concat(chunks).toString('utf8'), url))
        .then(
          (answer) => {
            response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' })
            response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
          },
          () => {
            response.writeHead(500)
            response.end()
          },
        )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}` }
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex')

/** A request as a provider would send it: the raw body and the signature header over it. */
export type SignedWebhook = { body: string; headers: Record<string, string> }

// ---------------------------------------------------------------------------------------------------
// Coinbase

export type CoinbaseTransactionStandIn = {
  status:
    | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
    | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
    | 'ONRAMP_TRANSACTION_STATUS_FAILED'
  tx_hash?: string
  wallet_address?: string
}

export type CoinbaseStandIn = {
  url: string
  /** Every session-token request Coinbase accepted, with the body it got. */
  tokenRequests: Array<{ token: string; body: Record<string, unknown> }>
  /** Why each refused request was refused (what Coinbase's logs would say). */
  refusals: string[]
  /** The key Coinbase verifies JWTs with: replace it to play a key the server should not be using. */
  publicKey: KeyObject
  addTransaction(partnerUserRef: string, transaction: CoinbaseTransactionStandIn): void
  /** `X-Hook0-Signature: t=..,v0=..,h=..,v1=..` as Coinbase's webhook service (Hook0) sends it. */
  signWebhook(event: Record<string, unknown>, options: { secret: string; timestamp: number }): SignedWebhook
  close(): Promise<void>
}

/** A CDP API key as an operator configures it: its id and private key (SEC1 PEM), and its public key. */
export type CdpTestKey = { keyId: string; pem: string; publicKey: KeyObject }

/**
 * A new P-256 CDP key, for a server and a Coinbase stand-in that checks the server's JWTs with it.
 *
 * @example
 * const key = createCdpTestKey()
 * const coinbase = await startCoinbaseStandIn({ keyId: key.keyId, publicKey: key.publicKey })
 * const t = await startTestServer({ env: coinbaseEnv(key, coinbase) })
 */
export function createCdpTestKey(): CdpTestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const pem = privateKey.export({ format: 'pem', type: 'sec1' }).toString()
  return { keyId: 'organizations/org-satchel/apiKeys/key-1', pem, publicKey }
}

/** The server's environment for Coinbase Onramp with `key`, its API answered by `standIn`. */
export function coinbaseEnv(key: CdpTestKey, standIn: { url: string }): Record<string, string> {
  return {
    COINBASE_CDP_KEY_ID: key.keyId,
    COINBASE_CDP_PRIVATE_KEY: key.pem,
    COINBASE_API_URL: standIn.url,
  }
}

/**
 * Coinbase's Onramp API: `POST /onramp/v1/token` and `GET /onramp/v1/buy/user/:ref/transactions`,
 * each refusing with 401 unless the bearer is a CDP JWT signed by `publicKey`'s key, with header
 * `{alg, kid, typ: 'JWT', nonce}` (nonce never seen before), claims `sub` = kid, `iss: 'cdp'`, within
 * nbf/exp (at most 120 s apart), and `uris` exactly `['<METHOD> <host><path>']` of this request.
 */
export async function startCoinbaseStandIn(options: {
  keyId: string
  publicKey: KeyObject
  now?: () => number
}): Promise<CoinbaseStandIn> {
  const now = options.now ?? Date.now
  const transactions = new Map<string, CoinbaseTransactionStandIn[]>()
  const nonces = new Set<string>()
  const tokenRequests: CoinbaseStandIn['tokenRequests'] = []
  const refusals: string[] = []
  const unauthorized = (reason: string) => {
    refusals.push(reason)
    return { status: 401, body: { code: 'unauthorized', message: 'Unauthorized' } }
  }

  const standIn: CoinbaseStandIn = {
    url: '',
    tokenRequests,
    refusals,
    publicKey: options.publicKey,
    addTransaction(ref, transaction) {
      transactions.set(ref, [transaction, ...(transactions.get(ref) ?? [])])
    },
    signWebhook(event, { secret, timestamp }) {
      const body = JSON.stringify(event)
      const headerNames = 'content-type'
      const v1 = hmacHex(secret, `${timestamp}.${headerNames}.application/json.${body}`)
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-hook0-signature': `t=${timestamp},v0=${hmacHex(secret, `${timestamp}.${body}`)},h=${headerNames},v1=${v1}`,
        },
      }
    },
    close: async () => {},
  }

  const authenticate = async (request: IncomingMessage, url: URL) => {
    const header = request.headers.authorization
    if (!header?.startsWith('Bearer ')) return unauthorized('no bearer token')
    const jwt = header.slice(7)
    let protectedHeader: ReturnType<typeof decodeProtectedHeader>
    try {
      protectedHeader = decodeProtectedHeader(jwt)
    } catch {
      return unauthorized('not a JWT')
    }
    if (protectedHeader.kid !== options.keyId) return unauthorized('unknown kid')
    if (protectedHeader.typ !== 'JWT') return unauthorized('typ is not JWT')
    const nonce = protectedHeader.nonce
    if (typeof nonce !== 'string' || !/^[0-9a-f]{32}$/.test(nonce))
      return unauthorized('no 16-byte hex nonce')
    if (nonces.has(nonce)) return unauthorized('nonce reused')
    let claims: Record<string, unknown>
    try {
      const verified = await jwtVerify(jwt, standIn.publicKey, {
        algorithms: ['ES256', 'EdDSA'],
        issuer: 'cdp',
        subject: options.keyId,
        currentDate: new Date(now()),
        requiredClaims: ['iat', 'nbf', 'exp'],
      })
      claims = verified.payload
    } catch (error) {
      return unauthorized(`jwt: ${error instanceof Error ? error.message : 'invalid'}`)
    }
    const { exp, nbf } = claims
    if (typeof exp !== 'number' || typeof nbf !== 'number' || exp - nbf > 120)
      return unauthorized('lifetime over 120 s')
    const expected = `${request.method} ${request.headers.host}${url.pathname}`
    const uris = claims.uris
    if (!Array.isArray(uris) || uris.length !== 1 || uris[0] !== expected)
      return unauthorized(`uris is not [${expected}]`)
    nonces.add(nonce)
    return undefined
  }

  const { server, url } = await listen(async (request, body, requestUrl) => {
    const refused = await authenticate(request, requestUrl)
    if (refused) return refused
    if (request.method === 'POST' && requestUrl.pathname === '/onramp/v1/token') {
      let parsed: Record<string, unknown>
      try {
        parsed = JSON.parse(body)
      } catch {
        return { status: 400, body: { errorType: 'invalid_request', errorMessage: 'body is not JSON' } }
      }
      const addresses = parsed.addresses
      const valid =
        Array.isArray(addresses) &&
        addresses.length > 0 &&
        addresses.every(
          (entry) =>
            typeof entry?.address === 'string' &&
            Array.isArray(entry.blockchains) &&
            entry.blockchains.length > 0,
        ) &&
        typeof parsed.clientIp === 'string'
      if (!valid)
        return { status: 400, body: { errorType: 'invalid_request', errorMessage: 'addresses required' } }
      const token = randomBytes(24).toString('base64url')
      tokenRequests.push({ token, body: parsed })
      return { status: 200, body: { token, channel_id: '' } }
    }
    const match = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(requestUrl.pathname)
    if (request.method === 'GET' && match?.[1]) {
      const list = transactions.get(decodeURIComponent(match[1])) ?? []
      return {
        status: 200,
        body: { transactions: list, next_page_key: '', total_count: String(list.length) },
      }
    }
    return { status: 404, body: { errorType: 'not_found', errorMessage: 'Not found' } }
  })
  standIn.url = url
  standIn.close = () => close(server)
  return standIn
}

// ---------------------------------------------------------------------------------------------------
// MoonPay

export type MoonpayTransactionStandIn = {
  id: string
  status: 'waitingPayment' | 'pending' | 'waitingAuthorization' | 'failed' | 'completed'
  externalTransactionId: string
  cryptoTransactionId?: string | null
  walletAddress?: string
}

export type MoonpayStandIn = {
  url: string
  addTransaction(transaction: MoonpayTransactionStandIn): void
  /** Every widget URL opened, and whether MoonPay accepted it. */
  widgetOpens: Array<{ url: string; accepted: boolean; params: Record<string, string> }>
  /** `Moonpay-Signature-V2: t=..,s=..` over `${t}.${body}`. */
  signWebhook(event: Record<string, unknown>, options: { secret: string; timestamp: number }): SignedWebhook
  close(): Promise<void>
}

/**
 * MoonPay's API and widget host on one port: `GET /v1/transactions/ext/:id?apiKey=` answers 404
 * until a transaction exists, then an ARRAY (401 for another apiKey); `GET /?...` is the widget,
 * which refuses (400) a URL whose signature `verifyMoonpayUrlSignature` rejects, as MoonPay refuses
 * a walletAddress it cannot trust.
 */
export async function startMoonpayStandIn(options: {
  publishableKey: string
  secretKey: string
}): Promise<MoonpayStandIn> {
  const transactions: MoonpayTransactionStandIn[] = []
  const widgetOpens: MoonpayStandIn['widgetOpens'] = []
  const { server, url } = await listen((request, _body, requestUrl) => {
    const match = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(requestUrl.pathname)
    if (request.method === 'GET' && match?.[1]) {
      if (requestUrl.searchParams.get('apiKey') !== options.publishableKey)
        return { status: 401, body: { message: 'Invalid API key', type: 'UnauthorizedError' } }
      const id = decodeURIComponent(match[1])
      const found = transactions.filter((transaction) => transaction.externalTransactionId === id)
      if (found.length === 0)
        return { status: 404, body: { message: 'Transaction not found', type: 'NotFoundError' } }
      return { status: 200, body: found }
    }
    if (request.method === 'GET' && requestUrl.pathname === '/') {
      const full = `http://${request.headers.host}${request.url}`
      const accepted =
        requestUrl.searchParams.get('apiKey') === options.publishableKey &&
        verifyMoonpayUrlSignature(full, options.secretKey)
      widgetOpens.push({ url: full, accepted, params: Object.fromEntries(requestUrl.searchParams) })
      return accepted
        ? { status: 200, type: 'text/html', body: '<title>Buy crypto</title>' }
        : { status: 400, type: 'text/html', body: '<title>Invalid signature</title>' }
    }
    return { status: 404, body: { message: 'Not found', type: 'NotFoundError' } }
  })
  return {
    url,
    widgetOpens,
    addTransaction(transaction) {
      transactions.push(transaction)
    },
    signWebhook(event, { secret, timestamp }) {
      const body = JSON.stringify(event)
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'moonpay-signature-v2': `t=${timestamp},s=${hmacHex(secret, `${timestamp}.${body}`)}`,
        },
      }
    },
    close: () => close(server),
  }
}

/** POSTs a signed webhook to the API as the provider would. */
export async function deliverWebhook(
  apiUrl: string,
  provider: string,
  webhook: SignedWebhook,
): Promise<Response> {
  return fetch(`${apiUrl}/api/v1/funding/webhooks/${provider}`, {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.body,
  })
}

/** A signed-in user with an embedded EVM wallet: who funds, and what gets funded. */
export async function signInWithWallet(
  t: TestServer,
  email: string,
): Promise<{ token: string; userId: string; address: `0x${string}` }> {
  const login = await t.loginWithEmail(email)
  const response = await t.call('POST', '/api/v1/wallets', {
    token: login.token,
    body: { chain_type: 'ethereum' },
  })
  if (response.statusCode >= 300) throw new Error(`wallet creation failed: ${response.body}`)
  return { token: login.token, userId: login.user.id, address: response.json().address }
}

/** Listens on a loopback port so providers (stand-ins, the sandbox) can reach the API; answers its URL. */
export async function listenForWebhooks(t: TestServer): Promise<string> {
  await t.server.listen({ port: 0, host: '127.0.0.1' })
  const address = t.server.server.address() as AddressInfo
  return `http://127.0.0.1:${address.port}`
}
