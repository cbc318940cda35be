import {
  DEFAULT_ANVIL_MNEMONIC,
  DEVCHAIN_DEPLOYER_PRIVATE_KEY,
  type StartAnvilReturnType,
  startAnvil,
} from '@satchel/devchain'
import { compileContracts } from '@satchel/devchain/compileContracts'
import { createDevchainClients } from '@satchel/devchain/createDevchainClients'
import { type Address, getAddress, type PrivateKeyAccount } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ID_REGISTRY_CONTRACTS_DIRECTORY } from './fixtures/contracts/farcaster/writeIdRegistryArtifacts'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { expectListedInOpenApi } from './support/expectListedInOpenApi'
import { testIdRegistry } from './support/farcaster/idRegistryArtifacts'
import {
  type StartLoopbackFarcasterRelayReturnType,
  startLoopbackFarcasterRelay,
} from './support/farcaster/startLoopbackFarcasterRelay'
import { createP256Key, type P256Key, userCall } from './walletRequests'

const CHAIN_ID = 31337
const DOMAIN = new URL(ORIGIN).host

// Custody keys: anvil's public development accounts (the `test ... junk` mnemonic).
const custody = (index: number) => mnemonicToAccount(DEFAULT_ANVIL_MNEMONIC, { addressIndex: index })
const REGISTERED: ReadonlyArray<
  readonly [fid: number, account: PrivateKeyAccount | ReturnType<typeof custody>]
> = [
  [101, custody(2)],
  [102, custody(3)],
  [103, custody(4)],
  [104, custody(5)],
  [105, custody(6)],
  [106, custody(7)],
]
const custodyOf = (fid: number) => {
  const entry = REGISTERED.find(([registered]) => registered === fid)
  if (!entry) throw new Error(`fid ${fid} is not registered in the test`)
  return entry[1]
}
const stranger = custody(9)

let t: TestServer
let anvil: StartAnvilReturnType
let relay: StartLoopbackFarcasterRelayReturnType
let idRegistryAddress: Address
let appId: string

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  const { publicClient, walletClient } = createDevchainClients({
    rpcUrl: anvil.rpcUrl,
    chainId: CHAIN_ID,
    account: privateKeyToAccount(DEVCHAIN_DEPLOYER_PRIVATE_KEY),
  })
  const deployment = await walletClient.deployContract({
    abi: testIdRegistry.abi,
    bytecode: testIdRegistry.bytecode,
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash: deployment })
  if (!receipt.contractAddress) throw new Error('the ID registry did not deploy')
  idRegistryAddress = receipt.contractAddress
  for (const [fid, account] of REGISTERED) {
    const hash = await walletClient.writeContract({
      address: idRegistryAddress,
      abi: testIdRegistry.abi,
      functionName: 'register',
      args: [BigInt(fid), account.address],
    })
    await publicClient.waitForTransactionReceipt({ hash })
  }
  relay = await startLoopbackFarcasterRelay()
  t = await startTestServer()
  const { app } = await t.createApp({
    loginMethods: ['email', 'farcaster'],
    settings: { farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, idRegistryAddress } },
  })
  appId = app.id
}, 60_000)
afterAll(async () => {
  await t?.close()
  await relay?.stop()
  await anvil?.stop()
})

type Channel = { channel_token: string; connect_uri: string }

async function openChannel(options: { appId?: string } = {}): Promise<Channel> {
  const response = await t.call('POST', '/api/v1/farcaster/init', { appId: options.appId ?? appId })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

type SignOptions = {
  signer?: PrivateKeyAccount | ReturnType<typeof custody>
  address?: Address
  nonce?: string
  domain?: string
  chainId?: number
  resourceFid?: number
  expirationTime?: Date
}

/** What the user's Farcaster app does: builds the SIWF message for the channel and signs it. */
async function signInMessage(channel: Channel, fid: number, options: SignOptions = {}) {
  const opened = relay.channels.get(channel.channel_token)
  if (!opened) throw new Error('the relay does not know this channel')
  const signer = options.signer ?? custodyOf(fid)
  const message = createSiweMessage({
    domain: options.domain ?? opened.domain,
    address: options.address ?? signer.address,
    statement: 'Farcaster Auth',
    uri: opened.siweUri,
    version: '1',
    chainId: options.chainId ?? 10,
    nonce: options.nonce ?? opened.nonce,
    issuedAt: new Date(t.clock.now),
    ...(options.expirationTime ? { expirationTime: options.expirationTime } : {}),
    resources: [`farcaster://fid/${options.resourceFid ?? fid}`],
  })
  return { message, signature: await signer.signMessage({ message }) }
}

/** The Farcaster app posting the signed message to the relay, which completes the channel. */
async function approveInFarcasterApp(channel: Channel, fid: number, options: SignOptions = {}) {
  const signed = await signInMessage(channel, fid, options)
  const response = await fetch(`${relay.url}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channel.channel_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...signed,
      fid,
      username: `user${fid}`,
      displayName: `User ${fid}`,
      bio: `Bio of ${fid}`,
      pfpUrl: `https://i.example/${fid}.png`,
    }),
  })
  expect(response.status).toBe(201)
  return signed
}

const authenticate = (body: Record<string, unknown>, options: { appId?: string } = {}) =>
  t.call('POST', '/api/v1/farcaster/authenticate', { appId: options.appId ?? appId, body })

/** Signs in with Farcaster, binding a session key as the SDK does; answers the login and its key. */
async function signIn(fid: number) {
  const channel = await openChannel()
  const signed = await approveInFarcasterApp(channel, fid)
  const key = createP256Key()
  const response = await authenticate({
    channel_token: channel.channel_token,
    fid,
    ...signed,
    session_public_key: key.publicJwk,
  })
  expect(response.statusCode, response.body).toBe(200)
  return { ...response.json(), key }
}

describe('Sign In With Farcaster', () => {
  it('opens a channel, reports it pending then completed, and signs the custody holder up, then in', async () => {
    const channel = await openChannel()
    const opened = relay.channels.get(channel.channel_token)
    // Satchel chose the nonce and named the page signing in.
    expect(opened).toMatchObject({
      domain: DOMAIN,
      siweUri: ORIGIN,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    expect(channel.connect_uri).toBe(opened?.url)

    const status = (token: string) =>
      t.call('GET', '/api/v1/farcaster/status', { appId, headers: { 'farcaster-channel-token': token } })
    const pending = await status(channel.channel_token)
    expectAnswer(pending, 200, { state: 'pending', nonce: opened?.nonce })

    const signed = await approveInFarcasterApp(channel, 101)
    const completed = await status(channel.channel_token)
    expect(completed.json()).toMatchObject({
      state: 'completed',
      message: signed.message,
      signature: signed.signature,
      fid: 101,
      username: 'user101',
      display_name: 'User 101',
      pfp_url: 'https://i.example/101.png',
    })

    const first = await authenticate({ channel_token: channel.channel_token, fid: 101, ...signed })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().is_new_user).toBe(true)
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        fid: 101,
        owner_address: getAddress(custodyOf(101).address),
        username: 'user101',
        display_name: 'User 101',
        bio: 'Bio of 101',
        profile_picture_url: 'https://i.example/101.png',
      }),
    ])
    const again = await signIn(101)
    expect(again).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it('refuses a signer that is not the custody address of the fid', async () => {
    const channel = await openChannel()
    // A valid signature by a key that does not hold fid 102.
    const signed = await signInMessage(channel, 102, { signer: stranger })
    const response = await authenticate({ channel_token: channel.channel_token, fid: 102, ...signed })
    expectAnswer(response, 401, {
      error: 'The signer is not the custody address of this Farcaster ID',
      code: 'invalid_credentials',
    })
  })

  it("refuses a bad signature: another key's over the custody address, or a damaged one", async () => {
    const channel = await openChannel()
    const forged = await signInMessage(channel, 102, { signer: stranger, address: custodyOf(102).address })
    const response = await authenticate({ channel_token: channel.channel_token, fid: 102, ...forged })
    expectAnswer(response, 401, { error: 'The signature is not valid', code: 'invalid_signature' })

    const next = await openChannel()
    const signed = await signInMessage(next, 102)
    const flipped = `${signed.signature.slice(0, 10)}${signed.signature[10] === 'a' ? 'b' : 'a'}${signed.signature.slice(11)}`
    const damaged = await authenticate({
      channel_token: next.channel_token,
      fid: 102,
      ...signed,
      signature: flipped,
    })
    expect(damaged.json().code).toBe('invalid_signature')
  })

  it("refuses a message that does not carry the channel's nonce, and a channel used once already", async () => {
    const channel = await openChannel()
    const other = await openChannel()
    const otherNonce = relay.channels.get(other.channel_token)?.nonce
    const signed = await signInMessage(channel, 103, { nonce: otherNonce ?? 'x' })
    const wrongNonce = await authenticate({ channel_token: channel.channel_token, fid: 103, ...signed })
    expectAnswer(wrongNonce, 401, {
      error: 'The message does not carry the nonce of this channel',
      code: 'nonce_expired_or_used',
    })
    // The channel was spent by that attempt: the right message cannot follow it.
    const right = await signInMessage(channel, 103)
    const replay = await authenticate({ channel_token: channel.channel_token, fid: 103, ...right })
    expect(replay.json()).toEqual({
      error: 'The Farcaster channel has expired or was already used',
      code: 'nonce_expired_or_used',
    })
  })

  it('refuses a channel older than 10 minutes', async () => {
    const channel = await openChannel()
    const signed = await signInMessage(channel, 103)
    t.clock.advance(10 * 60 * 1000 + 1000)
    const response = await authenticate({ channel_token: channel.channel_token, fid: 103, ...signed })
    expect(response.json().code).toBe('nonce_expired_or_used')
  })

  it('refuses a message for another domain, another chain, another fid, or past its expiry', async () => {
    const cases: Array<[SignOptions, number]> = [
      [{ domain: 'evil.example' }, 104],
      [{ chainId: 1 }, 104],
      [{ resourceFid: 105 }, 104],
      [{ expirationTime: new Date(t.clock.now - 1000) }, 104],
    ]
    for (const [options, fid] of cases) {
      const channel = await openChannel()
      const signed = await signInMessage(channel, fid, options)
      const response = await authenticate({ channel_token: channel.channel_token, fid, ...signed })
      expect(response.statusCode, JSON.stringify(options)).toBe(400)
      expect(response.json().code).toBe('invalid_data')
    }
  })

  it('refuses an fid nobody registered', async () => {
    const channel = await openChannel()
    const signed = await signInMessage(channel, 999, { signer: stranger })
    const response = await authenticate({ channel_token: channel.channel_token, fid: 999, ...signed })
    expect(response.json()).toEqual({
      error: 'This Farcaster ID is not registered',
      code: 'invalid_credentials',
    })
  })

  it("does not relay the status of a channel this app did not open, nor accept another app's channel", async () => {
    const unknown = await t.call('GET', '/api/v1/farcaster/status', {
      appId,
      headers: { 'farcaster-channel-token': 'not-a-channel' },
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().code).toBe('nonce_expired_or_used')

    const { app: other } = await t.createApp({
      loginMethods: ['farcaster'],
      settings: { farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, idRegistryAddress } },
    })
    const theirs = await openChannel({ appId: other.id })
    const signed = await signInMessage(theirs, 104)
    const crossApp = await authenticate({ channel_token: theirs.channel_token, fid: 104, ...signed })
    expect(crossApp.json().code).toBe('nonce_expired_or_used')
    const status = await t.call('GET', '/api/v1/farcaster/status', {
      appId,
      headers: { 'farcaster-channel-token': theirs.channel_token },
    })
    expect(status.json().code).toBe('nonce_expired_or_used')
  })

  it('is refused for an app with Farcaster off', async () => {
    const response = await t.call('POST', '/api/v1/farcaster/init', { appId: t.app.id })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('disallowed_login_method')
  })
})

describe('Farcaster linking', () => {
  const link = async (user: { token: string; key: P256Key }, fid: number) => {
    const channel = await openChannel()
    const signed = await approveInFarcasterApp(channel, fid)
    return userCall(t, user, 'POST', '/api/v1/farcaster/link', {
      appId,
      body: { channel_token: channel.channel_token, fid, ...signed },
    })
  }

  it('links a Farcaster account to a signed-in user, and unlinks it', async () => {
    const user = await t.loginWithEmail('fc-linker@example.com', { appId })
    const linked = await link(user, 105)
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json().linked_accounts).toEqual([
      expect.objectContaining({ type: 'email' }),
      expect.objectContaining({ type: 'farcaster', fid: 105, username: 'user105' }),
    ])
    expect((await signIn(105)).user.id).toBe(user.user.id)
    const unlinked = await userCall(t, user, 'POST', '/api/v1/farcaster/unlink', {
      appId,
      body: { fid: 105 },
    })
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it("refuses another user's Farcaster account and a second one", async () => {
    await signIn(101)
    const user = await t.loginWithEmail('fc-second@example.com', { appId })
    const taken = await link(user, 101)
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('linked_to_another_user')
    expect((await link(user, 106)).statusCode).toBe(200)
    const second = await link(user, 104)
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('cannot_link_more_of_type')
  })

  it('refuses unlinking the last way in', async () => {
    const only = await signIn(102)
    const response = await userCall(t, only, 'POST', '/api/v1/farcaster/unlink', {
      appId,
      body: { fid: 102 },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('cannot_unlink_last_account')
  })
})

it('lists every Farcaster route in the OpenAPI document', async () => {
  await expectListedInOpenApi(
    t,
    ['init', 'authenticate', 'link', 'unlink'].map((path) => `/api/v1/farcaster/${path}`),
  )
  await expectListedInOpenApi(t, ['/api/v1/farcaster/status'], 'get')
})

it('has committed exactly what the test ID registry compiles to', () => {
  const { contracts } = compileContracts({ directory: ID_REGISTRY_CONTRACTS_DIRECTORY })
  expect(contracts.map((contract) => contract.contractName)).toEqual(['TestIdRegistry'])
  const rerun = 'run `npx tsx packages/server/test/fixtures/contracts/farcaster/writeIdRegistryArtifacts.ts`'
  expect(contracts[0]?.bytecode, rerun).toBe(testIdRegistry.bytecode)
  expect(contracts[0]?.abi, rerun).toEqual(testIdRegistry.abi)
})
