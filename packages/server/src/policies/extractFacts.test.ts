import { ApiError } from '@satchel/core'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { extractFacts } from './extractFacts'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const NOW = 1_700_000_000

const send = (transaction: Record<string, unknown>, caip2?: string) =>
  extractFacts({
    chainType: 'ethereum',
    method: 'eth_sendTransaction',
    params: { transaction },
    caip2,
    nowSeconds: NOW,
  })

describe('extractFacts', () => {
  it('reads to, value and chain id of a transaction (hex, decimal or number)', () => {
    expect(send({ to: BOB, value: '0xde0b6b3a7640000', chainId: 8453 }).values).toEqual({
      'system.current_unix_timestamp': 1_700_000_000n,
      'ethereum_transaction.to': BOB.toLowerCase(),
      'ethereum_transaction.value': 10n ** 18n,
      'ethereum_transaction.chain_id': 8453n,
    })
    expect(send({ to: BOB, value: '12', chain_id: '0x2105' }).values['ethereum_transaction.chain_id']).toBe(
      8453n,
    )
  })

  it('defaults like the signing path: value 0, chain from the caip2, else 1', () => {
    expect(send({ to: BOB }).values).toMatchObject({
      'ethereum_transaction.value': 0n,
      'ethereum_transaction.chain_id': 1n,
    })
    expect(send({ to: BOB }, 'eip155:31337').values['ethereum_transaction.chain_id']).toBe(31337n)
    expect(send({ to: BOB, chainId: 10 }, 'eip155:31337').values['ethereum_transaction.chain_id']).toBe(10n)
  })

  it('decodes ERC-20 transfer, transferFrom and approve calldata', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 2_500_000n] })
    expect(send({ to: USDC, data: transfer }).values).toMatchObject({
      'ethereum_transaction.to': USDC.toLowerCase(),
      'ethereum_calldata.transfer.to': BOB.toLowerCase(),
      'ethereum_calldata.transfer.amount': 2_500_000n,
    })
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [USDC, BOB, 7n],
    })
    expect(send({ to: USDC, data: transferFrom }).values).toMatchObject({
      'ethereum_calldata.transfer.to': BOB.toLowerCase(),
      'ethereum_calldata.transfer.amount': 7n,
    })
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] })
    expect(send({ to: USDC, data: approve }).values).toMatchObject({
      'ethereum_calldata.approve.spender': BOB.toLowerCase(),
      'ethereum_calldata.approve.amount': maxUint256,
    })
  })

  it('gives no calldata facts for calldata that is not an ERC-20 call', () => {
    const values = send({ to: USDC, data: '0xdeadbeef' }).values
    expect(Object.keys(values).filter((key) => key.startsWith('ethereum_calldata'))).toEqual([])
  })

  it('refuses a transaction the signing path would refuse, with the same message', () => {
    const refused = (transaction: Record<string, unknown>) => {
      try {
        send(transaction)
      } catch (error) {
        return error instanceof ApiError ? [error.code, error.shortMessage] : error
      }
    }
    expect(refused({ to: BOB, type: 'eip4844' })).toEqual(['invalid_data', 'Unsupported transaction type'])
    expect(refused({ to: 'bob' })).toEqual(['invalid_data', 'to is not a valid address'])
  })

  it('reads the typed-data domain', () => {
    const facts = extractFacts({
      chainType: 'ethereum',
      method: 'eth_signTypedData_v4',
      nowSeconds: NOW,
      params: {
        typed_data: {
          domain: { name: 'USD Coin', version: '2', chainId: '0x1', verifyingContract: USDC },
          types: { Mail: [{ name: 'body', type: 'string' }] },
          primaryType: 'Mail',
          message: { body: 'hi' },
        },
      },
    })
    expect(facts.values).toMatchObject({
      'ethereum_typed_data_domain.name': 'USD Coin',
      'ethereum_typed_data_domain.version': '2',
      'ethereum_typed_data_domain.chainId': 1n,
      'ethereum_typed_data_domain.verifyingContract': USDC.toLowerCase(),
    })
  })

  it('gives only the system facts for messages and Solana requests', () => {
    for (const [chainType, method] of [
      ['ethereum', 'personal_sign'],
      ['solana', 'signAndSendTransaction'],
    ] as const) {
      expect(extractFacts({ chainType, method, params: { message: 'aGk=' }, nowSeconds: NOW })).toEqual({
        method,
        values: { 'system.current_unix_timestamp': 1_700_000_000n },
      })
    }
  })
})
