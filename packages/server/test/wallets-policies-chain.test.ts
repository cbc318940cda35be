// Policies under attack, on a real chain: what a delegated signer (an app server's key the user
// consented to, with the app's secret) can get signed, and whether the chain then accepts it.
import { LOCAL_CHAIN_ID } from '@satchel/core'
import { DEVCHAIN_DEPLOYER_PRIVATE_KEY } from '@satchel/devchain'
import type { LightMyRequestResponse } from 'fastify'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseEther,
  parseSignature,
  serializeTransaction,
  type TransactionSerializableEIP1559,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hashAuthorization } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import {
  basicAuth,
  createP256Key,
  type P256Key,
  PUBLIC_URL,
  type SignedInUser,
  signedCall,
} from './walletRequests'
import { createUserWithWallet, type LocalChain, startLocalChain } from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' as const
const SPENDER = '0x000000000000000000000000000000000000dEaD' as const
const CAIP2 = `eip155:${LOCAL_CHAIN_ID}`

let chain: LocalChain
let t: TestServer
let client: ReturnType<typeof createPublicClient>
let users = 0

beforeAll(async () => {
  chain = await startLocalChain()
  client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
  t = await startTestServer({
    env: { SATCHEL_PUBLIC_URL: PUBLIC_URL, RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl}` },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await chain?.stop()
})

type Rule = {
  name: string
  method: string
  action: 'ALLOW' | 'DENY'
  conditions: Array<{ field_source: string; field: string; operator: string; value: string }>
}
const cond = (field_source: string, field: string, operator: string, value: string) => ({
  field_source,
  field,
  operator,
  value,
})
/** The cap a policy author writes: anything above the limit is denied, everything else allowed. */
const capRules = (
  limit: string,
  [source, field]: ['ethereum_transaction', 'value'] | ['ethereum_calldata', 'transfer.amount'],
) => [
  { name: 'cap', method: '*', action: 'DENY' as const, conditions: [cond(source, field, 'gt', limit)] },
  { name: 'everything else', method: '*', action: 'ALLOW' as const, conditions: [] },
]

const asApp = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { body, origin: null, headers: basicAuth(t.app.id, t.appSecret) })

async function createAppPolicy(rules: Rule[], name = 'cap'): Promise<string> {
  const response = await asApp('POST', '/api/v1/policies', { name, chain_type: 'ethereum', rules })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().id
}

/** A new user with a funded wallet, and an app server key the user consented to with `policyIds`. */
async function consentedSigner(signerPolicyIds: string[], walletPolicyIds: string[] = []) {
  users += 1
  const { user, wallet } = await createUserWithWallet(t, `policies-chain-${users}@example.com`, {
    chain,
    ether: '20',
  })
  if (walletPolicyIds.length > 0) {
    const attached = await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, {
      policy_ids: walletPolicyIds,
    })
    expect(attached.statusCode, attached.body).toBe(200)
  }
  const server = createP256Key()
  const consent = await signedCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}`, {
    key: user.key,
    token: user.token,
    body: { additional_signers: [{ signer_public_key: server.publicJwk, policy_ids: signerPolicyIds }] },
  })
  expect(consent.statusCode, consent.body).toBe(200)
  return { user, wallet, server }
}

const asSigner = (server: P256Key, walletId: string, body: unknown) =>
  signedCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, {
    key: server,
    basic: { appId: t.app.id, secret: t.appSecret },
    body,
  })
const asUser = (user: SignedInUser, walletId: string, body: unknown) =>
  signedCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, { key: user.key, token: user.token, body })

function expectPolicyViolation(response: LightMyRequestResponse, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(403)
  expect(response.json().code).toBe('policy_violation')
  expect(response.json().error).toMatch(message)
}

/** What an attacker does with a raw-hash signature: completes the transaction and broadcasts it. */
async function assembleAndBroadcast(
  transaction: TransactionSerializableEIP1559,
  response: LightMyRequestResponse,
) {
  if (response.statusCode !== 200) return
  const signature = parseSignature(response.json().data.signature)
  const hash = await client.sendRawTransaction({
    serializedTransaction: serializeTransaction(transaction, signature),
  })
  await client.waitForTransactionReceipt({ hash })
}

async function rawTransfer(from: `0x${string}`, value: bigint): Promise<TransactionSerializableEIP1559> {
  return {
    type: 'eip1559',
    chainId: LOCAL_CHAIN_ID,
    nonce: await client.getTransactionCount({ address: from }),
    to: BOB,
    value,
    gas: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1n,
  }
}

describe('raw hashes and EIP-7702 authorizations', () => {
  it('a delegated signer capped at 1000 wei cannot get a raw hash signed, so the 10 ETH transaction it assembles is never mined', async () => {
    const cap = await createAppPolicy(capRules('1000', ['ethereum_transaction', 'value']))
    const { wallet, server } = await consentedSigner([cap])
    const bobBefore = await client.getBalance({ address: BOB })

    const transaction = await rawTransfer(wallet.address, parseEther('10'))
    const response = await asSigner(server, wallet.id, {
      method: 'secp256k1_sign',
      params: { hash: keccak256(serializeTransaction(transaction)) },
    })
    await assembleAndBroadcast(transaction, response)

    expect(await client.getBalance({ address: BOB })).toBe(bobBefore)
    expectPolicyViolation(response, 'No rule of policy "cap" allows secp256k1_sign with these parameters')
    // The same transaction asked for as a transaction is judged, and refused, by the cap.
    const direct = await asSigner(server, wallet.id, {
      method: 'eth_sendTransaction',
      caip2: CAIP2,
      params: { transaction: { to: BOB, value: parseEther('10').toString() } },
    })
    expectPolicyViolation(direct, 'Denied by rule "cap" of policy "cap"')
  })

  it('a delegated signer without any policy cannot sign an EIP-7702 authorization, so the wallet is never handed to a contract', async () => {
    const { wallet, server } = await consentedSigner([])
    const authorization = {
      address: chain.usdc,
      chainId: LOCAL_CHAIN_ID,
      nonce: await client.getTransactionCount({ address: wallet.address }),
    }
    const response = await asSigner(server, wallet.id, {
      method: 'secp256k1_sign',
      params: { hash: hashAuthorization(authorization) },
    })
    if (response.statusCode === 200) {
      // The attack: anyone may submit the authorization in a type-4 transaction they pay for.
      const { r, s, yParity } = parseSignature(response.json().data.signature)
      const relayer = createWalletClient({
        account: privateKeyToAccount(DEVCHAIN_DEPLOYER_PRIVATE_KEY),
        chain: {
          id: LOCAL_CHAIN_ID,
          name: 'local',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        },
        transport: http(chain.rpcUrl),
      })
      // Its call goes elsewhere: the authorization list takes effect whatever the call does.
      const hash = await relayer.sendTransaction({
        to: BOB,
        authorizationList: [{ ...authorization, r, s, yParity: yParity ?? 0 }],
      })
      await client.waitForTransactionReceipt({ hash })
    }
    expect(await client.getCode({ address: wallet.address })).toBeUndefined()
    expectPolicyViolation(
      response,
      'Delegated signer: secp256k1_sign is allowed only by a policy rule that names it',
    )
  })

  it('a raw hash is signed only under a rule that names secp256k1_sign, and then the transaction it completes is mined', async () => {
    const named = await createAppPolicy(
      [{ name: 'raw hashes', method: 'secp256k1_sign', action: 'ALLOW', conditions: [] }],
      'raw hashes',
    )
    const { user, wallet, server } = await consentedSigner([named])
    const bobBefore = await client.getBalance({ address: BOB })
    const transaction = await rawTransfer(wallet.address, 1n)
    const response = await asSigner(server, wallet.id, {
      method: 'secp256k1_sign',
      params: { hash: keccak256(serializeTransaction(transaction)) },
    })
    expect(response.statusCode, response.body).toBe(200)
    await assembleAndBroadcast(transaction, response)
    expect(await client.getBalance({ address: BOB })).toBe(bobBefore + 1n)

    // The user's own session: a wallet policy that allows "*" does not allow raw hashes.
    const open = await createAppPolicy(
      [{ name: 'everything', method: '*', action: 'ALLOW', conditions: [] }],
      'open',
    )
    await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [open] })
    const own = await asUser(user, wallet.id, {
      method: 'secp256k1_sign',
      params: { hash: keccak256('0x01') },
    })
    expectPolicyViolation(own, 'No rule of policy "open" allows secp256k1_sign with these parameters')
  })
})

describe('allowances count against transfer caps', () => {
  const approveData = (amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, amount] })
  const allowance = (owner: `0x${string}`) =>
    client.readContract({
      address: chain.usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, SPENDER],
    })

  it('an ERC-20 approve above a 100 USDC transfer cap is refused and never mined; one within it is mined', async () => {
    const cap = await createAppPolicy(capRules('100000000', ['ethereum_calldata', 'transfer.amount']))
    const { wallet, server } = await consentedSigner([cap])
    const send = (data: Hex) =>
      asSigner(server, wallet.id, {
        method: 'eth_sendTransaction',
        caip2: CAIP2,
        params: { transaction: { to: chain.usdc, data } },
      })

    expectPolicyViolation(await send(approveData(maxUint256)), 'Denied by rule "cap" of policy "cap"')
    const other = parseAbi([
      'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
      'function setApprovalForAll(address operator, bool approved)',
    ])
    expectPolicyViolation(
      await send(
        encodeFunctionData({ abi: other, functionName: 'increaseAllowance', args: [SPENDER, 10n ** 12n] }),
      ),
      'Denied by rule "cap"',
    )
    expectPolicyViolation(
      await send(
        encodeFunctionData({ abi: other, functionName: 'setApprovalForAll', args: [SPENDER, true] }),
      ),
      'Denied by rule "cap"',
    )
    expect(await allowance(wallet.address)).toBe(0n)

    const within = await send(approveData(50_000_000n))
    expect(within.statusCode, within.body).toBe(200)
    await client.waitForTransactionReceipt({ hash: within.json().data.hash })
    expect(await allowance(wallet.address)).toBe(50_000_000n)
  })

  it('a Permit or Permit2 signature above the cap is not made; one within it is, and recovers to the wallet', async () => {
    const cap = await createAppPolicy(capRules('100000000', ['ethereum_calldata', 'transfer.amount']))
    const { wallet, server } = await consentedSigner([cap])
    const permit = (value: string) => ({
      domain: { name: 'USD Coin', version: '2', chainId: LOCAL_CHAIN_ID, verifyingContract: chain.usdc },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit' as const,
      message: { owner: wallet.address, spender: SPENDER, value, nonce: '0', deadline: '99999999999' },
    })
    const permit2 = {
      domain: {
        name: 'Permit2',
        chainId: LOCAL_CHAIN_ID,
        verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      },
      types: {
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitSingle',
      message: {
        details: { token: chain.usdc, amount: String(2n ** 160n - 1n), expiration: '0', nonce: '0' },
        spender: SPENDER,
        sigDeadline: '99999999999',
      },
    }
    const sign = (typedData: unknown) =>
      asSigner(server, wallet.id, { method: 'eth_signTypedData_v4', params: { typed_data: typedData } })

    expectPolicyViolation(await sign(permit(String(maxUint256))), 'Denied by rule "cap" of policy "cap"')
    expectPolicyViolation(await sign(permit2), 'Denied by rule "cap" of policy "cap"')
    const within = await sign(permit('50000000'))
    expect(within.statusCode, within.body).toBe(200)
    const { types, primaryType, domain, message } = permit('50000000')
    expect(
      await verifyTypedData({
        address: wallet.address,
        domain,
        types,
        primaryType,
        message,
        signature: within.json().data.signature,
      }),
    ).toBe(true)
  })
})

describe('what a delegated signer was consented under', () => {
  it("the app cannot detach the user's own policy, so the consented signer stays capped and sends nothing above it", async () => {
    const { user, wallet, server } = await consentedSigner([])
    // The user's own cap on their wallet, then (again) their consent to the signer under it.
    const mine = await signedCall(t, 'POST', '/api/v1/policies', {
      key: user.key,
      token: user.token,
      body: {
        name: 'my cap',
        chain_type: 'ethereum',
        rules: capRules('1000', ['ethereum_transaction', 'value']),
      },
    })
    const attach = await signedCall(t, 'PATCH', `/api/v1/wallets/${wallet.id}/policies`, {
      key: user.key,
      token: user.token,
      body: { policy_ids: [mine.json().id] },
    })
    expect(attach.statusCode, attach.body).toBe(200)

    const detached = await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [] })
    const bobBefore = await client.getBalance({ address: BOB })
    const sent = await asSigner(server, wallet.id, {
      method: 'eth_sendTransaction',
      caip2: CAIP2,
      params: { transaction: { to: BOB, value: parseEther('1').toString() } },
    })
    if (sent.statusCode === 200) await client.waitForTransactionReceipt({ hash: sent.json().data.hash })

    expect(await client.getBalance({ address: BOB })).toBe(bobBefore)
    expect(detached.json()).toEqual({
      code: 'invalid_data',
      error: `Policy ${mine.json().id} is the user's own: only the user can detach it`,
    })
    expectPolicyViolation(sent, 'Denied by rule "cap" of policy "my cap"')
  })

  it('the app may detach its own policy from the wallet, but the signer consented under it stays bound by it', async () => {
    const cap = await createAppPolicy(capRules('1000', ['ethereum_transaction', 'value']), 'app cap')
    const { user, wallet, server } = await consentedSigner([], [cap])
    const detached = await asApp('PATCH', `/api/v1/wallets/${wallet.id}/policies`, { policy_ids: [] })
    expect(detached.json().policy_ids).toEqual([])

    const bobBefore = await client.getBalance({ address: BOB })
    const oneEth = {
      method: 'eth_sendTransaction',
      caip2: CAIP2,
      params: { transaction: { to: BOB, value: parseEther('1').toString() } },
    }
    const sent = await asSigner(server, wallet.id, oneEth)
    if (sent.statusCode === 200) await client.waitForTransactionReceipt({ hash: sent.json().data.hash })
    expect(await client.getBalance({ address: BOB })).toBe(bobBefore)
    expectPolicyViolation(
      sent,
      'Delegated signer, under the wallet policies it was consented under: Denied by rule "cap" of policy "app cap"',
    )
    // A policy a signer was consented under cannot be deleted, nor its rules changed, while it lives.
    expect((await asApp('DELETE', `/api/v1/policies/${cap}`)).statusCode).toBe(400)
    expect(
      (
        await asApp('PATCH', `/api/v1/policies/${cap}`, {
          rules: capRules('1000000000000000000000', ['ethereum_transaction', 'value']),
        })
      ).statusCode,
    ).toBe(400)

    // The wallet itself is no longer capped: the user's own session sends the same.
    const own = await asUser(user, wallet.id, oneEth)
    expect(own.statusCode, own.body).toBe(200)
    await client.waitForTransactionReceipt({ hash: own.json().data.hash })
    expect(await client.getBalance({ address: BOB })).toBe(bobBefore + parseEther('1'))
  })
})
