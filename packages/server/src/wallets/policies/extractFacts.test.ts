import { ApiError } from '@satchel/core'
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { extractFacts } from './extractFacts'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const NOW = 1_700_000_000

const SPENDER = '0x000000000000000000000000000000000000dEaD'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

const typedData = (primaryType: string, message: Record<string, unknown>, verifyingContract = USDC) =>
  extractFacts({
    chainType: 'ethereum',
    method: 'eth_signTypedData_v4',
    nowSeconds: NOW,
    params: {
      typed_data: {
        domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract },
        types: { [primaryType]: [] },
        primaryType,
        message,
      },
    },
  })

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

  it('counts every allowance as a transfer of the whole allowance to the spender', () => {
    const allowanceAbi = parseAbi([
      'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
      'function setApprovalForAll(address operator, bool approved)',
      'function approve(address token, address spender, uint160 amount, uint48 expiration)',
    ])
    const calls = [
      [encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 5n] }), 5n],
      [encodeFunctionData({ abi: allowanceAbi, functionName: 'increaseAllowance', args: [SPENDER, 6n] }), 6n],
      [
        encodeFunctionData({ abi: allowanceAbi, functionName: 'setApprovalForAll', args: [SPENDER, true] }),
        maxUint256,
      ],
      [
        encodeFunctionData({ abi: allowanceAbi, functionName: 'setApprovalForAll', args: [SPENDER, false] }),
        0n,
      ],
      [encodeFunctionData({ abi: allowanceAbi, functionName: 'approve', args: [USDC, SPENDER, 7n, 0] }), 7n],
    ] as const
    for (const [data, amount] of calls) {
      expect(send({ to: USDC, data }).values).toMatchObject({
        'ethereum_calldata.approve.spender': SPENDER.toLowerCase(),
        'ethereum_calldata.approve.amount': amount,
        'ethereum_calldata.transfer.to': SPENDER.toLowerCase(),
        'ethereum_calldata.transfer.amount': amount,
      })
    }
  })

  it('judges an EIP-2612 or DAI permit as the approve transaction to the token that it stands for', () => {
    const permit = typedData('Permit', { owner: BOB, spender: SPENDER, value: '1000', nonce: 0, deadline: 1 })
    expect(permit.approvals).toEqual([
      {
        method: 'eth_signTransaction',
        judgedAs: ['eth_sendTransaction'],
        label: 'the token approval this eth_signTypedData_v4 permit grants',
        values: {
          'system.current_unix_timestamp': BigInt(NOW),
          'ethereum_transaction.value': 0n,
          'ethereum_transaction.chain_id': 8453n,
          'ethereum_transaction.to': USDC.toLowerCase(),
          'ethereum_calldata.approve.spender': SPENDER.toLowerCase(),
          'ethereum_calldata.transfer.to': SPENDER.toLowerCase(),
          'ethereum_calldata.approve.amount': 1000n,
          'ethereum_calldata.transfer.amount': 1000n,
        },
      },
    ])
    const dai = (allowed: boolean) =>
      typedData('Permit', { holder: BOB, spender: SPENDER, nonce: 0, expiry: 1, allowed }).approvals?.[0]
        ?.values['ethereum_calldata.transfer.amount']
    expect(dai(true)).toBe(maxUint256)
    expect(dai(false)).toBe(0n)
    // An amount that cannot be read counts as unlimited: a cap can only refuse it.
    const unreadable = typedData('Permit', { spender: SPENDER, value: 'lots' })
    expect(unreadable.approvals?.[0]?.values['ethereum_calldata.transfer.amount']).toBe(maxUint256)
  })

  it('judges each token of a Permit2 permit as its own approval, on the token rather than Permit2', () => {
    const single = typedData(
      'PermitSingle',
      { details: { token: USDC, amount: '5', expiration: 1, nonce: 0 }, spender: SPENDER, sigDeadline: 1 },
      PERMIT2,
    )
    expect(single.approvals?.map((approval) => approval.values)).toMatchObject([
      { 'ethereum_transaction.to': USDC.toLowerCase(), 'ethereum_calldata.transfer.amount': 5n },
    ])
    const batch = typedData(
      'PermitBatchTransferFrom',
      {
        permitted: [
          { token: USDC, amount: '1' },
          { token: BOB, amount: '0xff' },
        ],
        spender: SPENDER,
        nonce: 0,
        deadline: 1,
      },
      PERMIT2,
    )
    expect(batch.approvals?.map((approval) => approval.values['ethereum_transaction.to'])).toEqual([
      USDC.toLowerCase(),
      BOB.toLowerCase(),
    ])
    expect(batch.approvals?.map((approval) => approval.values['ethereum_calldata.transfer.amount'])).toEqual([
      1n,
      255n,
    ])
  })

  it('gives other typed data no approvals to judge', () => {
    expect(typedData('Mail', { spender: SPENDER, value: '1' }).approvals).toBeUndefined()
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
