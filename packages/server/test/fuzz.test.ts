// The API under fuzzing, driven by its own OpenAPI document: every operation gets valid-shaped and
// malformed requests (wrong types, NUL, lone surrogates, huge numbers, deep nesting, long strings,
// bad path parameters), with and without credentials. No input may make the server answer 500, and
// every refusal must be `{error, code}` with a catalogued code and the catalogue's status.
//
// The run is seeded: a failure prints the seed, and `FUZZ_SEED=<seed>` replays the same requests.
// `FUZZ_REQUESTS_PER_OPERATION` changes the size of the run (the default keeps it near a minute).
import { sign } from 'node:crypto'
import { apiErrors, chains, isApiErrorCode } from '@satchel/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AppPatch } from '../src/identity/apps/applySettingsPatch'
import { loginMethods } from '../src/identity/apps/types'
import {
  buildAuthorizationPayload,
  serializeAuthorizationPayload,
} from '../src/identity/signedRequests/authorizationSignature'
import { createPrng, type Prng } from './fuzz/createPrng'
import { evilBodies, evilValues, mutateValue, RawJson, toJsonText } from './fuzz/malformedInputs'
import { type Hints, sampleSchema } from './fuzz/sampleSchema'
import { startTestServer, type TestServer } from './harness'
import { basicAuth, createWallet, PUBLIC_URL, type SignedInUser, signInWithKey } from './walletRequests'

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32))
const REQUESTS_PER_OPERATION = Number(process.env.FUZZ_REQUESTS_PER_OPERATION ?? 150)
// A port nothing listens on: chain RPCs fail at once instead of reaching the network.
const DEAD_RPC = 'http://127.0.0.1:9'

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const
type Operation = { method: (typeof METHODS)[number]; path: string; spec: Record<string, unknown> }
type Fixture = { user: SignedInUser; walletId: string; address: string }
type Failure = { request: string; status: number; body: string }

let t: TestServer
let policyId = 'pol_none'
// The app's rules as the run starts: the settings route is fuzzed too, and a valid-shaped PATCH may
// turn email login off or add a denylist, so each operation starts from these again.
let rules: AppPatch

beforeAll(async () => {
  t = await startTestServer({
    env: {
      SATCHEL_PUBLIC_URL: PUBLIC_URL,
      // Valid-shaped requests should reach the routes' own code, not stop at a rate limit.
      RATE_LIMIT_SCALE: '1000',
      RPC_URLS: chains.map((chain) => `${chain.id}=${DEAD_RPC}`).join(','),
      SOLANA_RPC_URLS: `mainnet-beta=${DEAD_RPC},devnet=${DEAD_RPC},testnet=${DEAD_RPC}`,
    },
    app: { loginMethods: [...loginMethods] },
  })
  // Providers the app talks to are loopback addresses nothing answers on: never the network.
  await t.server.satchel.apps.updateApp(t.app.id, {
    settings: {
      farcaster: { relayUrl: DEAD_RPC },
      customJwt: { jwksUrl: `${DEAD_RPC}/jwks.json`, issuer: 'https://idp.example', audience: 'fuzz' },
    },
  })
  const policy = await t.call('POST', '/api/v1/policies', {
    origin: null,
    headers: basicAuth(t.app.id, t.appSecret),
    body: { name: 'fuzz', chain_type: 'ethereum', rules: [] },
  })
  if (policy.statusCode === 200) policyId = policy.json().id
  const app = await t.server.satchel.apps.requireApp(t.app.id)
  rules = {
    name: app.name,
    mode: app.mode,
    devUserLimit: app.devUserLimit,
    loginMethods: app.loginMethods,
    allowedOrigins: app.allowedOrigins,
    mfaRequirement: app.mfaRequirement,
    accessLists: app.accessLists,
    termsUrl: app.termsUrl,
    requireTerms: app.requireTerms,
    walletsOnLogin: app.walletsOnLogin,
    deletionGraceDays: app.deletionGraceDays,
  }
})
afterAll(() => t.close())

it('answers no input with a 500, and every refusal with a catalogued {error, code}', {
  timeout: 240_000,
}, async () => {
  const doc = (await t.server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
  const operations = listOperations(doc)
  expect(operations.length).toBeGreaterThan(80)
  const random = createPrng(SEED)
  const failures: Failure[] = []
  let requests = 0
  const statuses = new Map<number, number>()
  const started = performance.now()
  for (const operation of operations) {
    // A fresh user per operation: the previous one may have logged out, unlinked or revoked; and
    // the app's own rules, which the previous operation may have changed.
    await t.server.satchel.apps.updateApp(t.app.id, rules)
    const user = await signInWithKey(t, `fuzz-${requests}@example.com`)
    const wallet = await createWallet(t, user.token)
    const fixture = { user, walletId: wallet.id, address: wallet.address }
    for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
      const request = buildRequest(operation, fixture, random)
      const response = await t.server.inject(request)
      requests += 1
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      const problem = judge(response.statusCode, response.body)
      if (problem)
        failures.push({
          request: `${request.method} ${request.url} ${describeBody(request.payload)} ${JSON.stringify(request.headers)}`,
          status: response.statusCode,
          body: `${problem}: ${response.body.slice(0, 300)}`,
        })
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`)
  console.log(
    `fuzz: seed ${SEED}, ${operations.length} operations, ${requests} requests in ${seconds} s (${byStatus.join(', ')})`,
  )
  expect(
    failures.slice(0, 20),
    `${failures.length} bad answers; replay with FUZZ_SEED=${SEED}\n${failures
      .slice(0, 20)
      .map((f) => `${f.status} ${f.body}\n  <- ${f.request}`)
      .join('\n')}`,
  ).toEqual([])
})

/** What is wrong with an answer, or undefined when it is acceptable. */
function judge(status: number, body: string): string | undefined {
  if (status === 500) return 'a 500'
  if (status < 400) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return 'a refusal that is not JSON'
  }
  if (typeof parsed !== 'object' || parsed === null) return 'a refusal that is not an object'
  const keys = Object.keys(parsed).sort().join(',')
  if (keys !== 'code,error') return `a refusal with keys ${keys}`
  const code = 'code' in parsed ? parsed.code : undefined
  if (!isApiErrorCode(code)) return `an uncatalogued code ${String(code)}`
  if (apiErrors[code].status !== status) return `${code} answered with ${status}`
  return undefined
}

function listOperations(doc: unknown): Operation[] {
  const operations: Operation[] = []
  const paths = isRecord(doc) && isRecord(doc.paths) ? doc.paths : {}
  for (const [path, methods] of Object.entries(paths)) {
    if (!isRecord(methods)) continue
    for (const [name, spec] of Object.entries(methods)) {
      const method = METHODS.find((known) => known === name.toUpperCase())
      if (method && isRecord(spec)) operations.push({ method, path, spec })
    }
  }
  return operations
}

function buildRequest(operation: Operation, fixture: Fixture, random: Prng) {
  const hints = hintsFor(fixture, random)
  const parameters = Array.isArray(operation.spec.parameters)
    ? operation.spec.parameters.filter(isRecord)
    : []
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    random.chance(0.7) ? encodePart(String(hints[name]?.() ?? 'fuzz')) : random.pick(badPathParts),
  )
  const query = parameters
    .filter((p) => p.in === 'query' && typeof p.name === 'string')
    .flatMap((p) => {
      const name = String(p.name)
      if (p.required !== true && random.chance(0.3)) return []
      const value = random.chance(0.6) ? sampleSchema(p.schema, random, hints, name) : random.pick(evilValues)
      return [`${name}=${value instanceof RawJson ? value.text : encodePart(String(value))}`]
    })
  if (random.chance(0.1)) query.push(random.pick(['x=%00', 'x=%ED%A0%80', 'x=%ZZ', 'x[a]=1', 'a=1&a=2']))
  const url = `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`

  const bodySchema = readBodySchema(operation.spec)
  let payload: string | undefined
  let parsedBody: unknown
  if (bodySchema !== undefined || random.chance(0.2)) {
    const roll = random.next()
    const valid = sampleSchema(bodySchema, random, hints)
    const body =
      roll < 0.35
        ? valid
        : roll < 0.8
          ? mutateValue(valid, random)
          : roll < 0.92
            ? random.pick(evilBodies)
            : undefined
    if (body !== undefined) {
      payload = toJsonText(body)
      try {
        parsedBody = JSON.parse(payload)
      } catch {}
    }
  }
  const headers: Record<string, string> = {
    ...appIdHeader(random),
    ...(random.chance(0.8) ? { origin: 'http://localhost:5173' } : {}),
    ...(payload !== undefined ? { 'content-type': contentType(random) } : {}),
    ...credentials(operation.method, url, parsedBody, fixture, random),
    ...oddHeaders(random),
  }
  return { method: operation.method, url, headers, ...(payload !== undefined ? { payload } : {}) }
}

function hintsFor(fixture: Fixture, random: Prng): Hints {
  const hex = (bytes: number) => `0x${'ab'.repeat(bytes)}`
  return {
    app_id: () => t.app.id,
    wallet_id: () => fixture.walletId,
    policy_id: () => policyId,
    provider: () => random.pick(['google', 'github', 'coinbase', 'moonpay', 'sandbox', 'apple']),
    hash: () => hex(32),
    email: () => `fuzz${random.int(100)}@example.com`,
    phone_number: () => '+14155550123',
    code: () => '123456',
    address: () => fixture.address,
    to: () => fixture.address,
    caip2: () => random.pick(['eip155:31337', 'eip155:1', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1']),
    chain_id: () => random.pick([1, 31337, 8453]),
    refresh_token: () => 'rt_fuzz',
    token: () => fixture.user.token,
    session_public_key: () => fixture.user.key.publicJwk,
    message: () => 'hello',
    passcode: () => 'correct horse battery staple',
    guest_credential: () => 'A'.repeat(43),
  }
}

const badPathParts = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ZZ',
  '%',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  '..',
  '%2e%2e',
  '%20',
  '-1',
  'null',
  '__proto__',
]

function encodePart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    // A lone surrogate has no UTF-8: send the bytes a careless client would.
    return '%ED%A0%80'
  }
}

function readBodySchema(spec: Record<string, unknown>): unknown {
  const body = spec.requestBody
  if (!isRecord(body) || !isRecord(body.content)) return undefined
  const json = body.content['application/json']
  return isRecord(json) ? json.schema : undefined
}

function appIdHeader(random: Prng): Record<string, string> {
  const roll = random.next()
  if (roll < 0.85) return { 'satchel-app-id': t.app.id }
  if (roll < 0.9) return {}
  return { 'satchel-app-id': random.pick(['app_unknown', '\u0000', 'x'.repeat(300), '\ud800', '']) }
}

function contentType(random: Prng): string {
  return random.chance(0.85)
    ? 'application/json'
    : random.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'x/y',
      ])
}

function credentials(
  method: string,
  url: string,
  body: unknown,
  fixture: Fixture,
  random: Prng,
): Record<string, string> {
  const roll = random.next()
  if (roll < 0.2) return {}
  if (roll < 0.45) return { authorization: `Bearer ${fixture.user.token}` }
  if (roll < 0.8) return signed(method, url, body, fixture)
  if (roll < 0.9) return basicAuth(t.app.id, t.appSecret)
  return {
    authorization: random.pick(['Bearer \u0000', 'Bearer x.y.z', 'Basic %%%', 'Basic \ud800', 'Bearer ']),
  }
}

/** The session-key signature as the SDK makes it (skipped when the body cannot be canonicalized). */
function signed(method: string, url: string, body: unknown, fixture: Fixture): Record<string, string> {
  const expiry = String(t.clock.now + 60_000)
  let bytes: Uint8Array
  try {
    bytes = serializeAuthorizationPayload(
      buildAuthorizationPayload({ method, url: `${PUBLIC_URL}${url}`, body, appId: t.app.id, expiry }),
    )
  } catch {
    return { authorization: `Bearer ${fixture.user.token}` }
  }
  const signature = sign('sha256', bytes, { key: fixture.user.key.privateKey, dsaEncoding: 'ieee-p1363' })
  return {
    authorization: `Bearer ${fixture.user.token}`,
    'satchel-authorization-signature': signature.toString('base64'),
    'satchel-request-expiry': expiry,
  }
}

function oddHeaders(random: Prng): Record<string, string> {
  if (!random.chance(0.15)) return {}
  const value = random.pick(['\u0000', '\ud800', 'x'.repeat(5000), '-1', '1e400', ''])
  return {
    [random.pick([
      'satchel-idempotency-key',
      'satchel-mfa-token',
      'satchel-request-expiry',
      'x-request-id',
      'farcaster-channel-token',
      'cookie',
    ])]: value,
  }
}

function describeBody(payload: string | undefined): string {
  if (payload === undefined) return '(no body)'
  return payload.length > 300 ? `${payload.slice(0, 300)}... (${payload.length} chars)` : payload
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
