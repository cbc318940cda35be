import { type StartAnvilReturnType, startAnvil } from '@satchel/devchain'
import { compileContracts } from '@satchel/devchain/compileContracts'
import { createDevchainClients } from '@satchel/devchain/createDevchainClients'
import { SiweMessage } from 'siwe'
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/identity/apps/types'
import { TEST_WALLET_CONTRACTS_DIRECTORY } from './fixtures/contracts/siwe/writeTestWalletArtifacts'
import { ORIGIN, startTestServer, type TestServer } from './harness'
import { expectAnswer } from './support/expectAnswer'
import { expectListedInOpenApi } from './support/expectListedInOpenApi'
import { testSmartWallet, testSmartWalletFactory } from './support/siwe/testWalletArtifacts'
import { createP256Key, userCall } from './walletRequests'

const CHAIN_ID = 31337
const DOMAIN = new URL(ORIGIN).host

let t: TestServer
let anvil: StartAnvilReturnType
let app: App
// anvil's public dev keys (accounts 0-9 of the `test test ... junk` mnemonic, printed by anvil on start).
const ivan = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const judy = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const alice = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const bob = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const carol = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a')
const dave = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
const erin = privateKeyToAccount('0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e')
const frank = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356')
const grace = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97')
const deployer = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6')

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  t = await startTestServer({ env: { RPC_URLS: `${CHAIN_ID}=${anvil.rpcUrl}` } })
  app = (await t.createApp({ loginMethods: ['email', 'siwe'] })).app
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

type MessageOptions = {
  domain?: string
  uri?: string
  chainId?: number
  nonce?: string
  expirationTime?: Date
  notBefore?: Date
  address?: string
}

async function nonceFor(address: string, appId = app.id): Promise<string> {
  const r = await t.call('POST', '/api/v1/siwe/init', { appId, body: { address } })
  expect(r.statusCode).toBe(200)
  return r.json().nonce
}

/** A message as the `siwe` package writes it. */
function siweMessage(address: string, nonce: string, o: MessageOptions = {}): string {
  return new SiweMessage({
    domain: o.domain ?? DOMAIN,
    address: o.address ?? address,
    statement: 'Sign in to Test App',
    uri: o.uri ?? ORIGIN,
    version: '1',
    chainId: o.chainId ?? CHAIN_ID,
    nonce: o.nonce ?? nonce,
    issuedAt: new Date(t.clock.now).toISOString(),
    ...(o.expirationTime ? { expirationTime: o.expirationTime.toISOString() } : {}),
    ...(o.notBefore ? { notBefore: o.notBefore.toISOString() } : {}),
  }).prepareMessage()
}

/** A message as viem writes it. */
function viemMessage(address: `0x${string}`, nonce: string, o: MessageOptions = {}): string {
  return createSiweMessage({
    domain: o.domain ?? DOMAIN,
    address,
    statement: 'Sign in to Test App',
    uri: o.uri ?? ORIGIN,
    version: '1',
    chainId: o.chainId ?? CHAIN_ID,
    nonce: o.nonce ?? nonce,
    issuedAt: new Date(t.clock.now),
    ...(o.expirationTime ? { expirationTime: o.expirationTime } : {}),
    ...(o.notBefore ? { notBefore: o.notBefore } : {}),
  })
}

const authenticate = (body: Record<string, unknown>, appId = app.id) =>
  t.call('POST', '/api/v1/siwe/authenticate', {
    appId,
    body: { chain_id: CHAIN_ID, wallet_client_type: 'metamask', connector_type: 'injected', ...body },
  })

async function signIn(account: PrivateKeyAccount, o: MessageOptions = {}) {
  const message = siweMessage(account.address, await nonceFor(account.address), o)
  return authenticate({ message, signature: await account.signMessage({ message }) })
}

describe('SIWE sign-in', () => {
  it('init answers a nonce bound to the address, valid 10 minutes', async () => {
    const r = await t.call('POST', '/api/v1/siwe/init', { appId: app.id, body: { address: alice.address } })
    expect(r.statusCode).toBe(200)
    const body = r.json()
    expect(body.nonce).toMatch(/^[a-f0-9]{32}$/)
    expect(body.address).toBe(alice.address)
    expect(Date.parse(body.expires_at) - t.clock.now).toBe(10 * 60 * 1000)
  })

  it('signs an anvil account up with a message made by the siwe package, then in again', async () => {
    const first = await signIn(alice)
    expect(first.statusCode).toBe(200)
    expect(first.json().is_new_user).toBe(true)
    expect(first.json().user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: alice.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:31337',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
      }),
    ])
    const again = await signIn(alice)
    expect(again.json().is_new_user).toBe(false)
    expect(again.json().user.id).toBe(first.json().user.id)
  })

  it("signs in with a message made by viem's createSiweMessage, with chain_id as CAIP-2", async () => {
    const message = viemMessage(bob.address, await nonceFor(bob.address))
    const r = await authenticate({
      message,
      signature: await bob.signMessage({ message }),
      chain_id: 'eip155:31337',
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().user.linked_accounts[0].address).toBe(bob.address)
  })

  it('refuses a message for another domain: invalid_data', async () => {
    const r = await signIn(carol, { domain: 'evil.example' })
    expectAnswer(r, 400, {
      error: "The message's domain is not one of the app's allowed origins",
      code: 'invalid_data',
    })
  })

  it('refuses a message whose URI is on another origin: invalid_data', async () => {
    const r = await signIn(carol, { uri: 'https://evil.example/login' })
    expect(r.json()).toEqual({
      error: "The message's URI is not on one of the app's allowed origins",
      code: 'invalid_data',
    })
  })

  it('refuses a message for another chain than the wallet is on: invalid_data', async () => {
    const r = await signIn(carol, { chainId: 1 })
    expectAnswer(r, 400, {
      error: "The message's chain id does not match chain_id",
      code: 'invalid_data',
    })
  })

  it('refuses a chain the server has no RPC for: unsupported_chain_id', async () => {
    const message = siweMessage(carol.address, await nonceFor(carol.address), { chainId: 987654321 })
    const r = await authenticate({
      message,
      signature: await carol.signMessage({ message }),
      chain_id: 987654321,
    })
    expect(r.json().code).toBe('unsupported_chain_id')
  })

  it('refuses an expired message and one not valid yet: invalid_data', async () => {
    const expired = await signIn(carol, { expirationTime: new Date(t.clock.now - 1000) })
    expect(expired.json()).toEqual({ error: 'The message has expired', code: 'invalid_data' })
    const early = await signIn(carol, { notBefore: new Date(t.clock.now + 60_000) })
    expect(early.json()).toEqual({ error: 'The message is not valid yet', code: 'invalid_data' })
  })

  it('refuses a nonce used twice: nonce_expired_or_used', async () => {
    const message = siweMessage(dave.address, await nonceFor(dave.address))
    const signature = await dave.signMessage({ message })
    expect((await authenticate({ message, signature })).statusCode).toBe(200)
    const replay = await authenticate({ message, signature })
    expectAnswer(replay, 401, {
      error: 'The sign-in nonce has expired or was already used',
      code: 'nonce_expired_or_used',
    })
  })

  it('refuses a nonce older than 10 minutes', async () => {
    const nonce = await nonceFor(dave.address)
    t.clock.advance(10 * 60 * 1000 + 1)
    const message = siweMessage(dave.address, nonce)
    const r = await authenticate({ message, signature: await dave.signMessage({ message }) })
    expect(r.json().code).toBe('nonce_expired_or_used')
  })

  it('refuses a nonce the server never issued, or issued for another address', async () => {
    const made = siweMessage(dave.address, 'abcdef0123456789abcdef0123456789')
    expect(
      (await authenticate({ message: made, signature: await dave.signMessage({ message: made }) })).json()
        .code,
    ).toBe('nonce_expired_or_used')
    const erinsNonce = await nonceFor(erin.address)
    const message = siweMessage(dave.address, erinsNonce)
    expect(
      (await authenticate({ message, signature: await dave.signMessage({ message }) })).json().code,
    ).toBe('nonce_expired_or_used')
  })

  it('refuses a signature by another key: invalid_signature, and the nonce is spent all the same', async () => {
    const message = siweMessage(erin.address, await nonceFor(erin.address))
    const forged = await authenticate({ message, signature: await frank.signMessage({ message }) })
    expectAnswer(forged, 401, { error: 'The signature is not valid', code: 'invalid_signature' })
    const real = await authenticate({ message, signature: await erin.signMessage({ message }) })
    expect(real.json().code).toBe('nonce_expired_or_used')
  })

  it('refuses a signature over a different text, and garbage signatures', async () => {
    const message = siweMessage(erin.address, await nonceFor(erin.address))
    const r = await authenticate({ message, signature: await erin.signMessage({ message: `${message} ` }) })
    expect(r.json().code).toBe('invalid_signature')
    const message2 = siweMessage(erin.address, await nonceFor(erin.address))
    expect((await authenticate({ message: message2, signature: `0x${'00'.repeat(65)}` })).json().code).toBe(
      'invalid_signature',
    )
    expect((await authenticate({ message: message2, signature: 'not hex' })).json().code).toBe('invalid_data')
  })

  it('refuses text that is not one whole EIP-4361 message', async () => {
    const message = `${siweMessage(erin.address, await nonceFor(erin.address))}\nSomething else the wallet showed`
    const r = await authenticate({ message, signature: await erin.signMessage({ message }) })
    expect(r.json()).toEqual({
      error: 'The message is not a Sign-In with Ethereum (EIP-4361) message',
      code: 'invalid_data',
    })
    expect((await authenticate({ message: 'hello', signature: '0x00' })).json().code).toBe('invalid_data')
  })

  it('refuses when the app has SIWE off: disallowed_login_method', async () => {
    const r = await t.call('POST', '/api/v1/siwe/init', { body: { address: alice.address } })
    expect(r.statusCode).toBe(403)
    expect(r.json().code).toBe('disallowed_login_method')
  })

  it('with mode no-signup refuses a wallet with no user', async () => {
    const message = siweMessage(grace.address, await nonceFor(grace.address))
    const r = await authenticate({
      message,
      signature: await grace.signMessage({ message }),
      mode: 'no-signup',
    })
    expect(r.json().code).toBe('user_does_not_exist')
  })
})

describe('SIWE with smart-contract wallets', () => {
  const clients = () => createDevchainClients({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, account: deployer })

  it('the committed test wallet artifacts are what its Solidity source compiles to', () => {
    const { contracts } = compileContracts({ directory: TEST_WALLET_CONTRACTS_DIRECTORY })
    const rerun = 'run `npx tsx packages/server/test/fixtures/contracts/siwe/writeTestWalletArtifacts.ts`'
    expect(contracts.map((c) => c.contractName)).toEqual(['TestSmartWallet', 'TestSmartWalletFactory'])
    expect(contracts[0]?.bytecode, rerun).toBe(testSmartWallet.bytecode)
    expect(contracts[0]?.abi, rerun).toEqual(testSmartWallet.abi)
    expect(contracts[1]?.bytecode, rerun).toBe(testSmartWalletFactory.bytecode)
  })

  it('signs in a deployed EIP-1271 wallet whose owner signed the message', async () => {
    const { publicClient, walletClient } = clients()
    const hash = await walletClient.deployContract({
      abi: testSmartWallet.abi,
      bytecode: testSmartWallet.bytecode,
      args: [grace.address],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress) throw new Error('no contract address')
    const wallet = getAddress(receipt.contractAddress)
    const message = viemMessage(wallet, await nonceFor(wallet))
    // The owner key signs; the signature is not the wallet address's own, so only the contract can vouch.
    const r = await authenticate({
      message,
      signature: await grace.signMessage({ message }),
      connector_type: 'coinbase_wallet',
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().user.linked_accounts[0]).toMatchObject({
      type: 'wallet',
      address: wallet,
      chain_type: 'ethereum',
    })
    // Another key is refused by the contract.
    const message2 = viemMessage(wallet, await nonceFor(wallet))
    const forged = await authenticate({
      message: message2,
      signature: await frank.signMessage({ message: message2 }),
    })
    expect(forged.json().code).toBe('invalid_signature')
  })

  it('signs in a wallet not deployed yet with an EIP-6492 signature', async () => {
    const { publicClient, walletClient } = clients()
    const hash = await walletClient.deployContract({
      abi: testSmartWalletFactory.abi,
      bytecode: testSmartWalletFactory.bytecode,
    })
    const factory = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress
    if (!factory) throw new Error('no factory address')
    const salt = keccak256(toHex('siwe-6492'))
    const wallet = getContractAddress({
      opcode: 'CREATE2',
      from: factory,
      salt,
      bytecode: encodeDeployData({
        abi: testSmartWallet.abi,
        bytecode: testSmartWallet.bytecode,
        args: [grace.address],
      }),
    })
    expect(await publicClient.getCode({ address: wallet })).toBeUndefined()
    const message = viemMessage(wallet, await nonceFor(wallet))
    const signature: Hex = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({
        abi: testSmartWalletFactory.abi,
        functionName: 'deploy',
        args: [grace.address, salt],
      }),
      signature: await grace.signMessage({ message }),
    })
    const r = await authenticate({ message, signature })
    expect(r.statusCode).toBe(200)
    expect(r.json().user.linked_accounts[0].address).toBe(wallet)
    // Verification simulates the deployment; nothing is deployed for real.
    expect(await publicClient.getCode({ address: wallet })).toBeUndefined()
  })
})

describe('SIWE linking', () => {
  async function linkBody(account: PrivateKeyAccount) {
    const message = siweMessage(account.address, await nonceFor(account.address))
    return { message, signature: await account.signMessage({ message }), chain_id: CHAIN_ID }
  }

  it('links a wallet to a user who signed in by email, and unlinks it', async () => {
    const login = await t.loginWithEmail('siwe-link@example.com', { appId: app.id })
    const wallet = ivan
    const r = await userCall(t, login, 'POST', '/api/v1/siwe/link', {
      appId: app.id,
      body: await linkBody(wallet),
    })
    expect(r.statusCode).toBe(200)
    expect(r.json().linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: wallet.address }),
    )
    const unlink = await userCall(t, login, 'POST', '/api/v1/siwe/unlink', {
      appId: app.id,
      body: { address: wallet.address },
    })
    expect(unlink.statusCode).toBe(200)
    expect(unlink.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })

  it('refuses a wallet that signs in another user: linked_to_another_user', async () => {
    const login = await t.loginWithEmail('siwe-taken@example.com', { appId: app.id })
    const r = await userCall(t, login, 'POST', '/api/v1/siwe/link', {
      appId: app.id,
      body: await linkBody(alice),
    })
    expect(r.statusCode).toBe(409)
    expect(r.json().code).toBe('linked_to_another_user')
  })

  it("never unlinks a wallet that is the user's only way in", async () => {
    const key = createP256Key()
    const message = siweMessage(judy.address, await nonceFor(judy.address))
    const response = await authenticate({
      message,
      signature: await judy.signMessage({ message }),
      session_public_key: key.publicJwk,
    })
    const signedIn = { ...response.json(), key }
    const r = await userCall(t, signedIn, 'POST', '/api/v1/siwe/unlink', {
      appId: app.id,
      body: { address: judy.address },
    })
    expect(r.json().code).toBe('cannot_unlink_last_account')
  })

  it('needs a signed-in user', async () => {
    const r = await t.call('POST', '/api/v1/siwe/link', { appId: app.id, body: await linkBody(frank) })
    expect(r.json().code).toBe('must_be_authenticated')
  })

  it('is listed in the OpenAPI document', async () => {
    await expectListedInOpenApi(
      t,
      ['init', 'authenticate', 'link', 'unlink'].map((path) => `/api/v1/siwe/${path}`),
    )
  })
})
