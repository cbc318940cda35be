import { describe, expect, it } from 'vitest'
import { readSolanaTransfer } from './readSolanaTransfer'

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const OTHER_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const ALICE = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const BOB = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const key = (pubkey: string, source = 'transaction') => ({ pubkey, signer: false, writable: true, source })
const balance = (accountIndex: number, owner: string, amount: string, mint = USDC) => ({
  accountIndex,
  mint,
  owner,
  programId: TOKEN_PROGRAM,
  uiTokenAmount: {
    amount,
    decimals: 6,
    uiAmount: Number(amount) / 1e6,
    uiAmountString: String(Number(amount) / 1e6),
  },
})

// A v0 transfer as mainnet's RPC answers it in jsonParsed: Bob's token account is loaded from a
// lookup table (its balances still follow the keys' order), and another mint moves beside USDC.
const transfer = {
  slot: 301_447_880,
  blockTime: 1_764_226_800,
  version: 0,
  meta: {
    err: null,
    status: { Ok: null },
    fee: 5000,
    preBalances: [1_000_000_000, 2_039_280, 2_039_280, 934_087_680, 2_039_280],
    postBalances: [999_995_000, 2_039_280, 2_039_280, 934_087_680, 2_039_280],
    innerInstructions: [],
    logMessages: [],
    preTokenBalances: [
      balance(1, ALICE, '5000000'),
      balance(2, ALICE, '7', OTHER_MINT),
      balance(4, BOB, '0'),
    ],
    postTokenBalances: [
      balance(1, ALICE, '3000000'),
      balance(2, ALICE, '0', OTHER_MINT),
      balance(4, BOB, '2000000'),
    ],
    rewards: [],
    computeUnitsConsumed: 6_200,
  },
  transaction: {
    signatures: ['5j7s6NiJS3JAkvgkoc18WVAsiSaci2pxB2A6ueCJP4tprA2TFg9wSyTLeYouxPBJEMzJinENTkpA52YStRW5Dia7'],
    message: {
      accountKeys: [
        { ...key(ALICE), signer: true },
        key('7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi'),
        key('3Lz6rCrXdLybFiuJGJnEjv6Z2XtCh5n4proPGP2aBkA1'),
        { ...key(TOKEN_PROGRAM), writable: false },
        key('GcinAsbwQ1yTTnvhDYRiwCp4kDBiNAKHdXUXpTzMaGhE', 'lookupTable'),
      ],
      recentBlockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
      instructions: [
        {
          program: 'spl-token',
          programId: TOKEN_PROGRAM,
          parsed: { type: 'transferChecked', info: {} },
          stackHeight: null,
        },
      ],
      addressTableLookups: [],
    },
  },
}

describe('readSolanaTransfer (what a jsonParsed transaction did to one wallet)', () => {
  it('reads USDC out for the sender and in for the recipient, each with the other as counterparty', () => {
    expect(readSolanaTransfer({ transaction: transfer, owner: ALICE, usdcMint: USDC })).toEqual({
      direction: 'out',
      asset: 'USDC',
      amount: 2_000_000n,
      counterparty: BOB,
      status: 'mined',
      blockNumber: 301_447_880n,
      time: 1_764_226_800_000,
      fee: 5000n,
    })
    expect(readSolanaTransfer({ transaction: transfer, owner: BOB, usdcMint: USDC })).toMatchObject({
      direction: 'in',
      asset: 'USDC',
      amount: 2_000_000n,
      counterparty: ALICE,
    })
  })

  it('reads a failed transaction as moving nothing, only its fee paid, and a missing one as nothing', () => {
    const failed = {
      ...transfer,
      meta: {
        ...transfer.meta,
        err: { InstructionError: [0, { Custom: 1 }] },
        postTokenBalances: transfer.meta.preTokenBalances,
      },
    }
    expect(readSolanaTransfer({ transaction: failed, owner: ALICE, usdcMint: USDC })).toMatchObject({
      direction: 'out',
      asset: 'call',
      amount: 0n,
      counterparty: TOKEN_PROGRAM,
      status: 'failed',
      fee: 5000n,
    })
    expect(readSolanaTransfer({ transaction: null, owner: ALICE, usdcMint: USDC })).toBeUndefined()
  })
})
