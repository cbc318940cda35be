import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { getSolanaCluster } from '@satchel/core'
import {
  type Address,
  address,
  getAddressEncoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
  signature,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSolTransfer, SOL_RECIPIENT } from './buildSolTransfer'
import { startTestServer, type TestServer } from './harness'
import { PUBLIC_URL, type SignedInUser, signInWithKey } from './walletRequests'
import { refusal, walletCall } from './wallets-harness'

const DEVNET = getSolanaCluster('devnet').caip2

let t: TestServer
let alice: SignedInUser
let wallet: { id: string; address: string }
let svm: LiteSVM
let rpcServer: Server

beforeAll(async () => {
  t = await startTestServer({ env: { SATCHEL_PUBLIC_URL: PUBLIC_URL } })
  alice = await signInWithKey(t, 'alice-solana@example.com')
  wallet = (
    await t.call('POST', '/api/v1/wallets', { token: alice.token, body: { chain_type: 'solana' } })
  ).json()
  svm = new LiteSVM()
  svm.airdrop(address(wallet.address), lamports(2_000_000_000n))
  rpcServer = await startSolanaRpcStandIn(svm)
  const url = `http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`
  // The configuration module reads SOLANA_RPC_URLS into this map; the test server sets it directly.
  Object.assign(t.server.satchel.config, { solanaRpcUrls: new Map([['devnet', url]]) })
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => rpcServer?.close(resolve))
})

const rpc = (body: unknown, walletId = wallet.id) =>
  walletCall(t, 'POST', `/api/v1/wallets/${walletId}/rpc`, { key: alice.key, token: alice.token, body })

/** An unsigned SOL transfer from `from` to SOL_RECIPIENT, on LiteSVM's latest blockhash. */
const transfer = (from: Address, lamports: bigint) =>
  buildSolTransfer({ from, lamports, blockhash: svm.latestBlockhash() })

describe('Solana wallets', () => {
  it('signMessage signs the bytes with the ed25519 key of the address', async () => {
    const message = new TextEncoder().encode('Sign in to Satchel on Solana')
    const response = await rpc({
      method: 'signMessage',
      params: { message: Buffer.from(message).toString('base64') },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data.encoding).toBe('base64')
    const signature = Buffer.from(response.json().data.signature, 'base64')
    const publicKey = getAddressEncoder().encode(address(wallet.address))
    expect(ed25519.verify(signature, message, new Uint8Array(publicKey))).toBe(true)
  })

  it('signTransaction signs a SOL transfer that LiteSVM executes', async () => {
    const response = await rpc({
      method: 'signTransaction',
      params: { transaction: transfer(address(wallet.address), 1_000_000n) },
    })
    expect(response.statusCode, response.body).toBe(200)
    const signed = getTransactionDecoder().decode(
      Buffer.from(response.json().data.signed_transaction, 'base64'),
    )
    const result = svm.sendTransaction(signed)
    expect(result instanceof FailedTransactionMetadata ? result.toString() : 'ok').toBe('ok')
    expect(svm.getBalance(SOL_RECIPIENT)).toBe(1_000_000n)
  })

  it('signAndSendTransaction broadcasts to the cluster named by caip2', async () => {
    const before = svm.getBalance(SOL_RECIPIENT) ?? 0n
    const response = await rpc({
      method: 'signAndSendTransaction',
      caip2: DEVNET,
      params: { transaction: transfer(address(wallet.address), 1_000n) },
    })
    expect(response.statusCode, response.body).toBe(200)
    const { hash } = response.json().data
    expect(response.json().data).toEqual({
      hash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
      caip2: DEVNET,
    })
    expect(svm.getBalance(SOL_RECIPIENT)).toBe(before + 1_000n)
    const status = await t.call('GET', `/api/v1/wallets/${wallet.id}/transactions/${hash}`, {
      token: alice.token,
    })
    expect(status.json()).toEqual({ hash, caip2: DEVNET, status: 'mined', block_number: 1 })
  })

  it('maps an unfunded fee payer to insufficient_funds and an unknown cluster to unsupported_chain_id', async () => {
    const second = await t.call('POST', '/api/v1/wallets', {
      token: alice.token,
      body: { chain_type: 'solana', create_additional: true },
    })
    const { id, address: unfunded } = second.json()
    const poor = await rpc(
      {
        method: 'signAndSendTransaction',
        caip2: DEVNET,
        params: { transaction: transfer(address(unfunded), 1n) },
      },
      id,
    )
    expect(refusal(poor)).toMatchObject({ status: 400, code: 'insufficient_funds' })
    const unknown = await rpc({
      method: 'signAndSendTransaction',
      caip2: 'solana:notacluster',
      params: { transaction: transfer(address(wallet.address), 1n) },
    })
    expect(refusal(unknown)).toMatchObject({ status: 400, code: 'unsupported_chain_id' })
  })

  it('refuses a transaction the wallet does not sign, and a transaction passed off as a message', async () => {
    const foreign = await rpc({
      method: 'signTransaction',
      params: { transaction: transfer(SOL_RECIPIENT, 1n) },
    })
    expect(refusal(foreign)).toMatchObject({
      code: 'invalid_data',
      error: 'This wallet is not a signer of the transaction',
    })

    const wire = Buffer.from(transfer(address(wallet.address), 1n), 'base64')
    const messageBytes = wire.subarray(1 + 64) // one signature slot, then the message
    const disguised = await rpc({
      method: 'signMessage',
      params: { message: messageBytes.toString('base64') },
    })
    expect(refusal(disguised)).toMatchObject({
      code: 'invalid_data',
      error: 'The message is a transaction: use signTransaction',
    })

    const garbage = await rpc({ method: 'signTransaction', params: { transaction: 'AAAA' } })
    expect(refusal(garbage)).toMatchObject({ code: 'invalid_data' })
  })
})

/**
 * A loopback stand-in of a Solana JSON-RPC node: `sendTransaction` executes in LiteSVM (answering
 * with the node's own error text for an unfunded fee payer) and `getSignatureStatuses` reports
 * what LiteSVM executed.
 */
async function startSolanaRpcStandIn(vm: LiteSVM): Promise<Server> {
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => {
      raw += chunk
    })
    request.on('end', () => {
      const body = JSON.parse(raw)
      const answer = (payload: Record<string, unknown>) => {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...payload }))
      }
      if (body.method === 'getSignatureStatuses') {
        const executed = vm.getTransaction(signature(body.params[0][0]))
        const value = executed ? { slot: 1, err: null, confirmationStatus: 'confirmed' } : null
        return answer({ result: { context: { slot: 1 }, value: [value] } })
      }
      if (body.method !== 'sendTransaction')
        return answer({ error: { code: -32601, message: 'Method not found' } })
      const transaction = getTransactionDecoder().decode(Buffer.from(body.params[0], 'base64'))
      const result = vm.sendTransaction(transaction)
      if (result instanceof FailedTransactionMetadata) {
        const accountNotFound = /err: AccountNotFound/.test(result.toString())
        return answer({
          error: {
            code: -32002,
            message: accountNotFound
              ? 'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.'
              : `Transaction simulation failed: ${result.toString()}`,
          },
        })
      }
      return answer({ result: getSignatureFromTransaction(transaction) })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}
