import { parseTransaction, serializeTransaction, type TransactionSerializable } from 'viem'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError'
import {
  InvalidTransactionError,
  type NormalizedTransaction,
  normalizeTransaction,
  type TransactionInput,
  UnsupportedTransactionTypeError,
} from './normalizeTransaction'

const vitalik = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const storageKey = `0x${'01'.repeat(32)}` as const

function errorOf(input: TransactionInput): unknown {
  try {
    normalizeTransaction(input)
  } catch (error) {
    return error
  }
  throw new Error('normalizeTransaction did not throw')
}

function invalidField(input: TransactionInput): { field: string; message: string } {
  const error = errorOf(input)
  if (!(error instanceof InvalidTransactionError)) throw error
  return { field: error.field, message: error.message }
}

describe('normalizeTransaction: type', () => {
  it.each([
    ['legacy', 'legacy'],
    [0, 'legacy'],
    ['0x0', 'legacy'],
    ['eip2930', 'eip2930'],
    [1, 'eip2930'],
    ['0x1', 'eip2930'],
    ['eip1559', 'eip1559'],
    [2, 'eip1559'],
    ['0x2', 'eip1559'],
    ['0x02', 'eip1559'],
  ] as const)('reads type %j as %s', (type, expected) => {
    expect(normalizeTransaction({ type }).type).toBe(expected)
  })

  it.each(['eip4844', 'eip7702', 3, 4, '0x3', '0x4', 5, -1, 1.5, '2', 'EIP1559', ''])(
    'rejects type %j with "Unsupported transaction type"',
    (type) => {
      const error = errorOf({ type })
      expect(error).toBeInstanceOf(UnsupportedTransactionTypeError)
      expect(error).toBeInstanceOf(BaseError)
      expect(error).toHaveProperty('message', 'Unsupported transaction type')
      expect(error).toHaveProperty('transactionType', type)
    },
  )

  it('rejects blob and set-code fields rather than dropping them from an inferred eip1559', () => {
    const blob: Record<string, unknown> = { to: vitalik, blobVersionedHashes: [storageKey] }
    const setCode: Record<string, unknown> = { to: vitalik, authorizationList: [] }
    expect(() => normalizeTransaction(blob)).toThrow('Unsupported transaction type')
    expect(() => normalizeTransaction(setCode)).toThrow('Unsupported transaction type')
  })

  it('infers eip1559 from maxFeePerGas or maxPriorityFeePerGas', () => {
    expect(normalizeTransaction({ maxFeePerGas: 10 }).type).toBe('eip1559')
    expect(normalizeTransaction({ maxPriorityFeePerGas: 1 }).type).toBe('eip1559')
  })

  it('infers eip2930 from gasPrice with an accessList', () => {
    expect(normalizeTransaction({ gasPrice: 1, accessList: [] }).type).toBe('eip2930')
  })

  it('infers legacy from gasPrice alone', () => {
    expect(normalizeTransaction({ gasPrice: 1 }).type).toBe('legacy')
  })

  it('infers eip1559 when no fee field is given', () => {
    expect(normalizeTransaction({}).type).toBe('eip1559')
    expect(normalizeTransaction({ accessList: [] }).type).toBe('eip1559')
  })
})

describe('normalizeTransaction: fields', () => {
  it('defaults chainId to 1 and leaves absent fields out', () => {
    expect(normalizeTransaction({})).toEqual({ type: 'eip1559', chainId: 1 })
    expect(normalizeTransaction({ chainId: null, to: null, value: undefined })).toEqual({
      type: 'eip1559',
      chainId: 1,
    })
  })

  it.each([8453, '8453', '0x2105', 8453n])('reads chainId %o', (chainId) => {
    expect(normalizeTransaction({ chainId }).chainId).toBe(8453)
  })

  it.each([0, '0x0', -1, 1.5, 'base', 2n ** 53n])('rejects chainId %o', (chainId) => {
    expect(invalidField({ chainId })).toEqual({
      field: 'chainId',
      message: expect.stringContaining('chainId'),
    })
  })

  it('reads quantities as number, bigint, decimal string or hex string', () => {
    expect(
      normalizeTransaction({
        nonce: '0x2a',
        value: '1000000000000000000',
        gas: 21000,
        maxFeePerGas: 30_000_000_000n,
        maxPriorityFeePerGas: '0x3b9aca00',
      }),
    ).toEqual({
      type: 'eip1559',
      chainId: 1,
      nonce: 42,
      value: 10n ** 18n,
      gas: 21000n,
      maxFeePerGas: 30_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
  })

  it.each([
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 1,
    -1n,
    '-1',
    '1.5',
    '1e18',
    '0x',
    '0xg',
    ' 1',
    '',
    2n ** 256n,
  ])('rejects value %o and names the field', (value) => {
    expect(invalidField({ value })).toEqual({
      field: 'value',
      message:
        'value must be a non-negative integer below 2^256 (a number, a decimal string or a 0x hex string)',
    })
  })

  it('accepts the largest uint256', () => {
    expect(normalizeTransaction({ value: `0x${'f'.repeat(64)}` }).value).toBe(2n ** 256n - 1n)
  })

  it('rejects a nonce beyond what a number holds exactly', () => {
    expect(invalidField({ nonce: 2n ** 53n })).toEqual({
      field: 'nonce',
      message: 'nonce must be at most 2^53 - 1',
    })
  })

  it('treats gas and gasLimit as one field', () => {
    expect(normalizeTransaction({ gasLimit: '0x5208' })).toEqual({ type: 'eip1559', chainId: 1, gas: 21000n })
    expect(normalizeTransaction({ gas: 21000, gasLimit: '0x5208' }).gas).toBe(21000n)
    expect(normalizeTransaction({ gasLimit: 21000 })).not.toHaveProperty('gasLimit')
  })

  it('rejects gas and gasLimit that differ', () => {
    expect(invalidField({ gas: 21000, gasLimit: 50000 })).toEqual({
      field: 'gasLimit',
      message: 'gas and gasLimit are the same field and must not differ',
    })
  })

  it('checksums from and to', () => {
    const upperCase = `0x${vitalik.slice(2).toUpperCase()}`
    const transaction = normalizeTransaction({ from: vitalik.toLowerCase(), to: upperCase })
    expect(transaction).toMatchObject({ from: vitalik, to: vitalik })
  })

  it.each([
    ['to', '0x1234'],
    ['to', `0X${vitalik.slice(2).toUpperCase()}`],
    ['to', 'vitalik.eth'],
    ['to', ''],
    ['from', '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'.replace('d8da', 'D8da')],
  ])('rejects %s %j', (field, address) => {
    expect(invalidField({ [field]: address })).toEqual({ field, message: `${field} is not a valid address` })
  })

  it('keeps data and rejects data that is not whole bytes of hex', () => {
    expect(normalizeTransaction({ data: '0xa9059cbb' }).data).toBe('0xa9059cbb')
    expect(normalizeTransaction({ data: '0x' }).data).toBe('0x')
    for (const data of ['a9059cbb', '0xa9059cb', '0xzz']) {
      expect(invalidField({ data })).toEqual({
        field: 'data',
        message: 'data must be a 0x hex string of whole bytes',
      })
    }
  })

  it('checksums access list addresses and checks storage keys', () => {
    expect(
      normalizeTransaction({ accessList: [{ address: vitalik.toLowerCase(), storageKeys: [storageKey] }] }),
    ).toEqual({ type: 'eip1559', chainId: 1, accessList: [{ address: vitalik, storageKeys: [storageKey] }] })
    expect(invalidField({ accessList: [{ address: '0x12', storageKeys: [] }] })).toEqual({
      field: 'accessList[0].address',
      message: 'accessList[0].address is not a valid address',
    })
    expect(invalidField({ accessList: [{ address: vitalik, storageKeys: [storageKey, '0x01'] }] })).toEqual({
      field: 'accessList[0].storageKeys[1]',
      message: 'accessList[0].storageKeys[1] must be a 32-byte 0x hex string',
    })
  })

  it('rejects access lists of the wrong shape from untrusted JSON', () => {
    const parse = (json: string) => errorOf(JSON.parse(json))
    expect(parse('{"accessList": {}}')).toHaveProperty('message', 'accessList must be an array')
    expect(parse('{"accessList": [null]}')).toHaveProperty(
      'message',
      'accessList[0] must be {address, storageKeys}',
    )
    expect(parse(`{"accessList": [{"address": "${vitalik}", "storageKeys": "0x"}]}`)).toHaveProperty(
      'message',
      'accessList[0].storageKeys must be an array',
    )
  })
})

describe('normalizeTransaction: fee fields that do not fit the type', () => {
  it.each([
    [
      { type: 'eip1559', gasPrice: 1 },
      'gasPrice',
      'gasPrice is not allowed on an eip1559 transaction; use maxFeePerGas and maxPriorityFeePerGas',
    ],
    [
      { gasPrice: 1, maxFeePerGas: 2 },
      'gasPrice',
      'gasPrice is not allowed on an eip1559 transaction; use maxFeePerGas and maxPriorityFeePerGas',
    ],
    [
      { type: 'legacy', maxFeePerGas: 1 },
      'maxFeePerGas',
      'maxFeePerGas is not allowed on a legacy transaction; use gasPrice',
    ],
    [
      { type: 0, maxPriorityFeePerGas: 1 },
      'maxPriorityFeePerGas',
      'maxPriorityFeePerGas is not allowed on a legacy transaction; use gasPrice',
    ],
    [
      { type: 'eip2930', maxFeePerGas: 1 },
      'maxFeePerGas',
      'maxFeePerGas is not allowed on an eip2930 transaction; use gasPrice',
    ],
    [{ type: 'legacy', accessList: [] }, 'accessList', 'accessList is not allowed on a legacy transaction'],
    [
      { maxFeePerGas: 1, maxPriorityFeePerGas: 2 },
      'maxPriorityFeePerGas',
      'maxPriorityFeePerGas must not be greater than maxFeePerGas',
    ],
  ] satisfies [TransactionInput, string, string][])('rejects %o', (input, field, message) => {
    expect(invalidField(input)).toEqual({ field, message })
  })

  it('accepts a priority fee equal to the max fee', () => {
    expect(normalizeTransaction({ maxFeePerGas: 2, maxPriorityFeePerGas: 2 }).type).toBe('eip1559')
  })

  it('gives an eip2930 transaction an empty access list when none is sent', () => {
    expect(normalizeTransaction({ type: 1, gasPrice: 5 })).toEqual({
      type: 'eip2930',
      chainId: 1,
      gasPrice: 5n,
      accessList: [],
    })
  })
})

describe('normalizeTransaction: hands off to viem', () => {
  const common = {
    chainId: '0x2105',
    to: vitalik,
    nonce: 7,
    value: '1000',
    gasLimit: '21000',
    data: '0xa9059cbb',
  }

  it.each([
    { ...common, type: '0x0', gasPrice: '1000000000' },
    { ...common, gasPrice: 1_000_000_000, accessList: [{ address: vitalik, storageKeys: [storageKey] }] },
    { ...common, maxFeePerGas: '0x77359400', maxPriorityFeePerGas: 1_000_000_000n },
  ] satisfies TransactionInput[])('serialises %o so that viem parses it back', (input) => {
    const normalized: NormalizedTransaction = normalizeTransaction(input)
    const serializable: TransactionSerializable = normalized
    const parsed = parseTransaction(serializeTransaction(serializable))
    // viem parses addresses back in lower case; normalising again checksums them for the comparison.
    expect(normalizeTransaction(parsed)).toEqual(normalized)
    expect(parsed).toMatchObject({ chainId: 8453, nonce: 7, value: 1000n, gas: 21000n, data: '0xa9059cbb' })
  })
})
