import { ApiError } from '@satchel/core/errors'
import { isAddress, isHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signRequest } from '../src/api/signRequest'
import { createSatchelNode, type SatchelNode } from '../src/createSatchelNode'
import { createSignerKey, type SignerPublicKey } from '../src/signers/createSignerKey'
import { type SignedInUser, startSatchelServer, type TestSatchelServer } from './startSatchelServer'

let satchel: TestSatchelServer
let appId: string
let node: SatchelNode
let user: SignedInUser

beforeAll(async () => {
  satchel = await startSatchelServer()
  const app = await satchel.createApp()
  appId = app.appId
  node = createSatchelNode({ serverUrl: satchel.url, appId, appSecret: app.appSecret })
  user = await satchel.signIn(appId, 'lin@example.com')
})
afterAll(() => satchel?.close())

/** What the user does in the app (the SDK, signed with their session key): add a delegated signer. */
async function delegateTo(walletId: string, signerPublicKey: SignerPublicKey, policyIds: string[] = []) {
  const path = `/api/v1/wallets/${walletId}`
  const body = { additional_signers: [{ signer_public_key: signerPublicKey, policy_ids: policyIds }] }
  const expiry = String(Date.now() + 60_000)
  const signature = await signRequest({
    privateKey: user.sessionKey,
    method: 'PATCH',
    url: `${satchel.url}${path}`,
    body,
    appId,
    expiry,
  })
  const response = await fetch(`${satchel.url}${path}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${user.token}`,
      'satchel-app-id': appId,
      'content-type': 'application/json',
      'satchel-request-expiry': expiry,
      'satchel-authorization-signature': signature,
    },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ code })
}

describe("the app's wallets of its users", () => {
  it("makes a user's wallet ahead of time, once, and reads it back", async () => {
    const first = await node.createWallet({ userId: user.userId, chainType: 'ethereum' })
    expect(first.created).toBe(true)
    expect(first.wallet).toMatchObject({ chainType: 'ethereum', ownerId: user.userId, policyIds: [] })
    expect(first.wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const again = await node.createWallet({ userId: user.userId, chainType: 'ethereum' })
    expect(again).toEqual({ wallet: first.wallet, created: false })
    expect(await node.listWallets({ userId: user.userId })).toEqual([first.wallet])
    expect(await node.getWallet({ walletId: first.wallet.id })).toEqual(first.wallet)
  })

  it("refuses a wrong secret, a missing one, and another app's user", async () => {
    const wrong = createSatchelNode({ serverUrl: satchel.url, appId, appSecret: 'not-the-secret' })
    await expectCode(wrong.listWallets({ userId: user.userId }), 'invalid_app_credentials')
    const none = createSatchelNode({ serverUrl: satchel.url, appId })
    await expectCode(none.listPolicies(), 'invalid_app_credentials')
    const other = await satchel.createApp('Another app')
    const stranger = await satchel.signIn(other.appId, 'eve@example.com')
    await expectCode(node.listWallets({ userId: stranger.userId }), 'user_does_not_exist')
  })
})

describe('delegated signing', () => {
  it("signs with the user's wallet only once the user has added the backend's key, and within its policies", async () => {
    const { wallet } = await node.createWallet({ userId: user.userId, chainType: 'ethereum' })
    const signer = await createSignerKey()
    const personalSign = { method: 'personal_sign' as const, params: { message: 'ship order 42' } }

    // The app secret and a key of the backend's own are not enough: the user has not delegated.
    await expectCode(
      node.sendWalletRpc({ walletId: wallet.id, request: personalSign, signerKey: signer.privateKey }),
      'invalid_authorization_signature',
    )

    await delegateTo(wallet.id, signer.publicKey)
    expect((await node.getWallet({ walletId: wallet.id })).additionalSigners).toEqual([
      expect.objectContaining({ signerPublicKey: signer.publicKey, policyIds: [] }),
    ])
    const { data } = await node.sendWalletRpc({
      walletId: wallet.id,
      request: personalSign,
      signerKey: signer.privateKey,
    })
    const { signature } = data
    const { address } = wallet
    if (!isHex(signature) || !isAddress(address)) throw new Error(`no signature: ${JSON.stringify(data)}`)
    expect(await verifyMessage({ address, message: 'ship order 42', signature })).toBe(true)

    // A policy on the wallet binds the delegated signer too.
    const policy = await node.createPolicy({
      name: 'No messages',
      chainType: 'ethereum',
      rules: [{ name: 'deny personal_sign', method: 'personal_sign', conditions: [], action: 'DENY' }],
    })
    expect((await node.setWalletPolicies({ walletId: wallet.id, policyIds: [policy.id] })).policyIds).toEqual(
      [policy.id],
    )
    await expectCode(
      node.sendWalletRpc({ walletId: wallet.id, request: personalSign, signerKey: signer.privateKey }),
      'policy_violation',
    )
    await node.setWalletPolicies({ walletId: wallet.id, policyIds: [] })
  })
})

describe('policies', () => {
  it('are made, read, renamed, and deleted once no wallet uses them', async () => {
    const rules = [
      {
        name: 'small sends',
        method: 'eth_sendTransaction',
        action: 'ALLOW' as const,
        conditions: [
          { fieldSource: 'ethereum_transaction', field: 'value', operator: 'lte', value: '1000000000000000' },
        ],
      },
    ]
    const policy = await node.createPolicy({ name: 'Small sends', chainType: 'ethereum', rules })
    expect(policy).toMatchObject({ name: 'Small sends', chainType: 'ethereum', ownerId: null, rules })
    expect(await node.getPolicy({ policyId: policy.id })).toEqual(policy)
    expect((await node.listPolicies()).map((listed) => listed.id)).toContain(policy.id)
    const renamed = await node.updatePolicy({ policyId: policy.id, name: 'Tiny sends' })
    expect(renamed).toMatchObject({ id: policy.id, name: 'Tiny sends', rules })

    const { wallet } = await node.createWallet({ userId: user.userId, chainType: 'ethereum' })
    await node.setWalletPolicies({ walletId: wallet.id, policyIds: [policy.id] })
    await expectCode(node.deletePolicy({ policyId: policy.id }), 'invalid_data')
    await node.setWalletPolicies({ walletId: wallet.id, policyIds: [] })
    await node.deletePolicy({ policyId: policy.id })
    await expectCode(node.getPolicy({ policyId: policy.id }), 'not_found')
  })
})
