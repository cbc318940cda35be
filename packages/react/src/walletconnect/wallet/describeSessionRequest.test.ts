import { describe, expect, it } from 'vitest'
import { describeSessionRequest } from './describeSessionRequest'

describe('describeSessionRequest', () => {
  it('shows a hex message as text when it is readable, and as bytes when it is not', () => {
    expect(
      describeSessionRequest({ method: 'personal_sign', params: ['0x48656c6c6f0a776f726c64', '0x1'] }),
    ).toEqual({
      kind: 'message',
      text: 'Hello\nworld',
      raw: '0x48656c6c6f0a776f726c64',
    })
    expect(describeSessionRequest({ method: 'personal_sign', params: ['0x00ff10', '0x1'] })).toMatchObject({
      kind: 'message',
      text: undefined,
    })
    expect(describeSessionRequest({ method: 'personal_sign', params: ['plain words', '0x1'] })).toMatchObject(
      {
        text: 'plain words',
      },
    )
  })

  it('reads a transaction with the request chain when it names none, and nothing from junk', () => {
    expect(
      describeSessionRequest({
        method: 'eth_signTransaction',
        params: [{ to: '0xabc', value: '0x0de0b6b3a7640000', data: '0x' }],
        chainId: 8453,
      }),
    ).toEqual({
      kind: 'transaction',
      send: false,
      to: '0xabc',
      value: 10n ** 18n,
      data: undefined,
      chainId: 8453,
    })
    expect(describeSessionRequest({ method: 'eth_sendTransaction', params: 'nope' })).toEqual({
      kind: 'other',
    })
    expect(describeSessionRequest({ method: 'eth_signTypedData_v4', params: ['0x1', '{not json'] })).toEqual({
      kind: 'other',
    })
  })
})
