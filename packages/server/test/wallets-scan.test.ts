import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LOCAL_BASE_CHAIN_ID, LOCAL_CHAIN_ID } from '@satchel/core'
import { DEVCHAIN_TREASURY_ADDRESS } from '@satchel/devchain'
import { encodeFunctionData, erc20Abi, maxUint256, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { type SignedInUser, signInWithKey } from './walletRequests'
import { type LocalChain, refusal, startLocalChain } from './wallets-harness'

const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const FROM = DEVCHAIN_TREASURY_ADDRESS

let chain: LocalChain
let proxy: Server
let t: TestServer
let alice: SignedInUser

beforeAll(async () => {
  chain = await startLocalChain()
  proxy = await startNodeWithoutSimulate(chain.rpcUrl)
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  t = await startTestServer({
    env: { RPC_URLS: `${LOCAL_CHAIN_ID}=${chain.rpcUrl},${LOCAL_BASE_CHAIN_ID}=${proxyUrl}` },
  })
  alice = await signInWithKey(t, 'alice-scan@example.com')
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => proxy?.close(resolve))
  await chain?.stop()
})

const scan = (
  transaction: Record<string, unknown>,
  chainId: number | string = LOCAL_CHAIN_ID,
  token = alice.token,
) =>
  t.call('POST', '/api/v1/scan/transaction', {
    token,
    body: {
      chain_id: chainId,
      request: { method: 'eth_sendTransaction', params: [{ from: FROM, ...transaction }] },
      metadata: { domain: 'https://app.example' },
    },
  })

const erc20 = (functionName: 'transfer' | 'approve', to: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName, args: [to as `0x${string}`, amount] })

describe('POST /api/v1/scan/transaction', () => {
  it('decodes a USDC transfer into an asset change and finds nothing to warn about', async () => {
    const response = await scan({ to: chain.usdc, data: erc20('transfer', BOB, 25_000_000n) })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result.validation).toEqual({ result_type: 'benign', reasons: [] })
    expect(result.simulation.asset_changes).toEqual([
      {
        kind: 'transfer',
        asset: { type: 'erc20', address: chain.usdc, symbol: 'USDC', decimals: 6 },
        from: FROM,
        to: BOB,
        amount: '25000000',
      },
    ])
    expect(result.simulation.method).toBe('eth_simulateV1')
    expect(Number(result.simulation.gas.used)).toBeGreaterThan(21_000)
  })

  it('decodes a native transfer', async () => {
    const response = await scan({ to: BOB, value: parseEther('1').toString() })
    expect(response.json().simulation.asset_changes).toEqual([
      {
        kind: 'transfer',
        asset: { type: 'native' },
        from: FROM,
        to: BOB,
        amount: parseEther('1').toString(),
      },
    ])
    expect(response.json().validation.result_type).toBe('benign')
  })

  it('flags an unlimited approval, as malicious when the spender is an account without code', async () => {
    const toAccount = await scan({ to: chain.usdc, data: erc20('approve', BOB, maxUint256) })
    expect(toAccount.json().validation).toEqual({
      result_type: 'malicious',
      reasons: [
        { code: 'unlimited_approval', message: `Unlimited approval for ${BOB} to spend this token` },
        {
          code: 'approval_to_account_without_code',
          message: 'The spender is an account without code, not a contract',
        },
      ],
    })
    expect(toAccount.json().simulation.asset_changes[0]).toMatchObject({
      kind: 'approval',
      to: BOB,
      unlimited: true,
    })

    const toContract = await scan({ to: chain.usdc, data: erc20('approve', chain.usdc, maxUint256) })
    expect(toContract.json().validation.result_type).toBe('warning')
    expect(toContract.json().validation.reasons.map((r: { code: string }) => r.code)).toEqual([
      'unlimited_approval',
    ])

    const limited = await scan({ to: chain.usdc, data: erc20('approve', BOB, 5_000_000n) })
    expect(limited.json().validation.result_type).toBe('benign')
  })

  it('flags a value above the balance', async () => {
    const response = await scan({ to: BOB, value: parseEther('1000000').toString() })
    expect(response.json().validation.result_type).toBe('warning')
    expect(response.json().validation.reasons).toContainEqual({
      code: 'value_above_balance',
      message: 'The value is more than the balance of the wallet',
    })
  })

  it('flags data sent to an address without code, and a revert with its reason', async () => {
    const noCode = await scan({ to: BOB, data: '0xdeadbeef' })
    expect(noCode.json().validation.reasons.map((r: { code: string }) => r.code)).toContain(
      'no_contract_code',
    )

    const reverts = await scan({ to: chain.usdc, data: erc20('transfer', BOB, 10n ** 30n) })
    expect(reverts.json().validation.result_type).toBe('warning')
    expect(reverts.json().validation.reasons).toContainEqual({
      code: 'transaction_reverts',
      message: 'The transaction would revert: ERC20: transfer amount exceeds balance',
    })
    expect(reverts.json().simulation.gas.used).toBeNull()
  })

  it('falls back to eth_call and eth_estimateGas on a node without eth_simulateV1', async () => {
    const ok = await scan(
      { to: chain.usdc, data: erc20('transfer', BOB, 1n) },
      `eip155:${LOCAL_BASE_CHAIN_ID}`,
    )
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().simulation.method).toBe('eth_call')
    expect(Number(ok.json().simulation.gas.used)).toBeGreaterThan(21_000)
    const reverts = await scan(
      { to: chain.usdc, data: erc20('transfer', BOB, 10n ** 30n) },
      LOCAL_BASE_CHAIN_ID,
    )
    expect(reverts.json().validation.reasons.map((r: { code: string }) => r.code)).toEqual([
      'transaction_reverts',
    ])
  })

  it('refuses unknown chains, unsupported transaction types and anonymous callers', async () => {
    expect(refusal(await scan({ to: BOB }, 987654321))).toMatchObject({
      status: 400,
      code: 'unsupported_chain_id',
    })
    expect(refusal(await scan({ to: BOB, type: 3 }))).toEqual({
      status: 400,
      code: 'invalid_data',
      error: 'Unsupported transaction type',
    })
    const anonymous = await t.call('POST', '/api/v1/scan/transaction', {
      body: {
        chain_id: LOCAL_CHAIN_ID,
        request: { method: 'eth_sendTransaction', params: [{ from: FROM, to: BOB }] },
      },
    })
    expect(refusal(anonymous)).toMatchObject({ status: 401, code: 'must_be_authenticated' })
  })
})

/** A JSON-RPC proxy to `target` that answers `eth_simulateV1` as an older node does: method not found. */
async function startNodeWithoutSimulate(target: string): Promise<Server> {
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => {
      raw += chunk
    })
    request.on('end', async () => {
      const body = JSON.parse(raw)
      response.setHeader('content-type', 'application/json')
      if (body.method === 'eth_simulateV1') {
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32601, message: 'Method not found' },
          }),
        )
        return
      }
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      })
      response.end(await upstream.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}
