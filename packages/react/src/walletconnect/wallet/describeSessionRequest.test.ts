import {
  AccountRole,
  address,
  createNoopSigner,
  getBase58Decoder,
  getU32Encoder,
  getU64Encoder,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { buildWireTransaction } from '../../../test/buildWireTransaction'
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

describe('describeSessionRequest on Solana', () => {
  const payer = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
  const friend = address('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')
  const wire = (instructions: Parameters<typeof buildWireTransaction>[1]) =>
    buildWireTransaction(payer, instructions)
  const transferSol = (amount: bigint) =>
    getTransferSolInstruction({ source: createNoopSigner(payer), destination: friend, amount })

  it('shows a base58 message as text when it reads as text, and as base58 when it does not', () => {
    const hello = getBase58Decoder().decode(new TextEncoder().encode('Hello Solana'))
    expect(
      describeSessionRequest({ method: 'solana_signMessage', params: { message: hello, pubkey: payer } }),
    ).toEqual({ kind: 'message', text: 'Hello Solana', raw: hello })
    expect(
      describeSessionRequest({ method: 'solana_signMessage', params: { message: '1111', pubkey: payer } }),
    ).toEqual({ kind: 'message', text: undefined, raw: '1111' })
    expect(describeSessionRequest({ method: 'solana_signMessage', params: ['hi'] })).toEqual({
      kind: 'other',
    })
  })

  it('reads a SOL transfer: how much, from whom to whom, the fee and who pays it, nothing unknown', () => {
    expect(
      describeSessionRequest({
        method: 'solana_signAndSendTransaction',
        params: { transaction: wire([transferSol(10_000_000n)]), pubkey: payer },
      }),
    ).toEqual({
      kind: 'solanaTransaction',
      send: true,
      feePayer: payer,
      transfers: [{ asset: 'SOL', from: payer, to: friend, amount: 10_000_000n }],
      fee: 5000n,
      unknown: [],
    })
  })

  it('reads a USDC transferChecked in token units and adds the priority fee the compute budget sets', () => {
    const mint = address('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')
    const computeBudget = address('ComputeBudget111111111111111111111111111111')
    const summary = describeSessionRequest({
      method: 'solana_signTransaction',
      params: {
        transaction: wire([
          // SetComputeUnitLimit(10,000) and SetComputeUnitPrice(250,000 micro-lamports): 2,500 lamports.
          { programAddress: computeBudget, data: Uint8Array.of(2, ...getU32Encoder().encode(10_000)) },
          { programAddress: computeBudget, data: Uint8Array.of(3, ...getU64Encoder().encode(250_000n)) },
          getTransferCheckedInstruction({
            source: friend,
            mint,
            destination: mint,
            authority: createNoopSigner(payer),
            amount: 12_500_000n,
            decimals: 6,
          }),
        ]),
      },
    })
    expect(summary).toMatchObject({
      kind: 'solanaTransaction',
      send: false,
      transfers: [{ asset: 'token', from: payer, to: mint, amount: 12_500_000n, mint, decimals: 6 }],
      fee: 7500n,
      unknown: [],
    })
  })

  it('names the programs of instructions it cannot read, and nothing from junk', () => {
    const stake = address('Stake11111111111111111111111111111111111111')
    expect(
      describeSessionRequest({
        method: 'solana_signAndSendTransaction',
        params: {
          transaction: wire([
            transferSol(1n),
            {
              programAddress: stake,
              accounts: [{ address: payer, role: AccountRole.WRITABLE }],
              data: Uint8Array.of(7),
            },
          ]),
        },
      }),
    ).toMatchObject({ transfers: [{ asset: 'SOL', amount: 1n }], unknown: [stake] })
    expect(
      describeSessionRequest({ method: 'solana_signTransaction', params: { transaction: 'bm90IGEgdHg=' } }),
    ).toEqual({ kind: 'other' })
    expect(describeSessionRequest({ method: 'solana_signAndSendTransaction', params: {} })).toEqual({
      kind: 'other',
    })
  })
})
